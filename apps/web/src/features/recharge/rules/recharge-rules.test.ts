import { describe, expect, it } from 'vitest';
import { makeBiller, mumbaiPlans, operators } from '../testing/fixtures.ts';
import {
  buildRechargeValidation,
  firstMissingField,
  isRechargeReady,
  isValidMobileNumber,
  paymentSelectionFor,
  type RechargeValues,
} from './recharge-rules.ts';

const jio = operators[2]!;
const filled: RechargeValues = { mobileNumber: '9876543210', operator: jio, circle: 'Mumbai', amount: '299' };

describe('recharge form readiness', () => {
  it('is ready only when number, operator, circle and amount are all filled', () => {
    expect(isRechargeReady(filled)).toBe(true);
    expect(firstMissingField({ ...filled, mobileNumber: '' })).toBe('mobileNumber');
    expect(firstMissingField({ ...filled, operator: null })).toBe('operator');
    expect(firstMissingField({ ...filled, circle: '' })).toBe('circle');
    expect(firstMissingField({ ...filled, amount: '   ' })).toBe('amount');
  });
});

describe('mobile number', () => {
  it("needs 10 digits matching the operator's pattern", () => {
    expect(isValidMobileNumber('9876543210', jio)).toBe(true);
    expect(isValidMobileNumber('987654321', jio)).toBe(false);
    expect(isValidMobileNumber('1234567890', jio)).toBe(false);
    expect(
      isValidMobileNumber('1234567890', makeBiller({ billerId: 'X', billerName: 'X', customerParams: [] })),
    ).toBe(true);
  });
});

describe('validation request', () => {
  it("fills the operator's parameters by name (others empty) and carries the plan and amount in paise", () => {
    const operator = makeBiller({
      billerId: 'JIO000000NAT01',
      billerName: 'Jio Prepaid',
      customerParams: [
        { paramName: 'Mobile Number', optional: 'false', regex: '.*' },
        { paramName: 'circle', optional: 'false', regex: '.*' },
        { paramName: 'Customer Remark', optional: 'true', regex: '.*' },
      ],
    });
    const plan = mumbaiPlans[1]!;
    const request = buildRechargeValidation({
      operator,
      mobileNumber: '9876543210',
      circle: 'Mumbai',
      plan,
      amountPaise: 29900,
      email: 'asha@example.in',
    });
    expect(request).toEqual({
      chId: 1,
      isRealTimeFetch: true,
      custDetails: { mobileNo: '9876543210', customerTags: [{ name: 'EMAIL', value: 'asha@example.in' }] },
      billDetails: {
        billerId: 'JIO000000NAT01',
        customerParams: [
          { name: 'Mobile Number', value: '9876543210' },
          { name: 'circle', value: 'Mumbai' },
          { name: 'Customer Remark', value: '' },
          { name: 'Id', value: 'JIO-MUM-0299-01' },
        ],
      },
      amount: 29900,
      planId: 'JIO-MUM-0299-01',
    });
  });

  it('adds Circle and Id for plan operators that declare only the mobile number, and nothing else', () => {
    const onlyMobile = [{ paramName: 'Mobile Number', optional: 'false' as const, regex: '.*' }];
    const request = (planMdmRequirement: string) =>
      buildRechargeValidation({
        operator: makeBiller({
          billerId: 'B',
          billerName: 'B',
          customerParams: onlyMobile,
          planMdmRequirement,
        }),
        mobileNumber: '9876543210',
        circle: 'Mumbai',
        plan: null,
        amountPaise: 5000,
      });
    expect(request('MANDATORY').billDetails.customerParams).toEqual([
      { name: 'Mobile Number', value: '9876543210' },
      { name: 'Circle', value: 'Mumbai' },
      { name: 'Id', value: '' },
    ]);
    expect(request('MANDATORY').custDetails).toEqual({ mobileNo: '9876543210' });
    expect(request('NOT_SUPPORTED').billDetails.customerParams).toEqual([
      { name: 'Mobile Number', value: '9876543210' },
    ]);
  });
});

describe('payment selection after a recharge validates', () => {
  const validated = {
    user: null,
    request: buildRechargeValidation({
      operator: jio,
      mobileNumber: '9876543210',
      circle: 'Mumbai',
      plan: null,
      amountPaise: 149_900,
    }),
    result: { respCode: 1 as const, response: {} },
  };

  it('hands on plain rupees, not what was typed, so the payment calls accept the amount', () => {
    const state = paymentSelectionFor({ ...validated, biller: jio, plan: null, amountPaise: 149_900 });
    expect(state.amount).toBe('1499.00');
  });

  it("hands on a chosen plan's own price", () => {
    const plan = mumbaiPlans[1]!;
    const state = paymentSelectionFor({ ...validated, biller: jio, plan, amountPaise: 29_900 });
    expect(state.amount).toBe(plan.amountInRupees);
  });
});
