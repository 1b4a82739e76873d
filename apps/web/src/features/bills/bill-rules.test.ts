import type { Biller } from '@erti/contracts';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../lib/format.ts';
import { englishMessages } from '../../test/intl.tsx';
import { buildBillRequest } from './bill-request.ts';
import { billFlow, evaluateBillForm, needsAmountField, sanitiseParam, visibleParams } from './bill-rules.ts';
import { sanitiseAmount } from './money.ts';
import { billers } from './testing/fixtures.ts';

const { formatMessage } = createIntl({ locale: 'en-IN', messages: englishMessages });

/** The form's state with its errors as an English reader sees them. */
const form = (biller: Biller, values: Record<string, string>, amount = '', planChosen = false) => {
  const state = evaluateBillForm(biller, { values, amount, planChosen }, formatsFor('en', 'IST'));
  const errors = Object.entries(state.errors).map(([key, text]) => [key, formatMessage(text, text.values)]);
  return { ...state, errors: Object.fromEntries(errors) };
};

describe('bill parameter rules', () => {
  it("tests each value against its regex: 'Invalid {paramName}'", () => {
    expect(form(billers.electricity, { 'Consumer Number': '12AB' }).errors).toEqual({
      'Consumer Number': 'Invalid Consumer Number',
    });
    expect(form(billers.electricity, { 'Consumer Number': '1234567890' })).toEqual({
      errors: {},
      ready: true,
    });
  });

  it("refuses a value outside its lengths, as the api does (one rule: contracts' customer-params.ts)", () => {
    const lengths: Biller = {
      ...billers.electricity,
      customerParams: [{ paramName: 'Account ID', optional: 'false', regex: '', minLength: 4, maxLength: 6 }],
    };
    expect(form(lengths, { 'Account ID': '123' }).errors).toEqual({ 'Account ID': 'Invalid Account ID' });
    expect(form(lengths, { 'Account ID': '1234567' }).ready).toBe(false);
    expect(form(lengths, { 'Account ID': ' 1234 ' })).toEqual({ errors: {}, ready: true });
  });

  it('needs every required parameter but one named id, and no errors', () => {
    expect(form(billers.fastag, { 'Vehicle Number': 'KA01AB1234' }, '500').ready).toBe(true);
    expect(form(billers.fastag, { Id: '12' }, '500').ready).toBe(false);
    expect(form(billers.fastag, { Id: '12', 'Vehicle Number': 'KA01AB1234' }, '500').ready).toBe(false);
    expect(
      form(billers.electricity, { 'Consumer Number': '1234567890', 'Mobile Number': '12345' }).ready,
    ).toBe(false);
  });

  it('LPG with every parameter optional asks for a valid mobile number only', () => {
    expect(visibleParams(billers.lpg).map((param) => param.paramName)).toEqual(['Mobile Number']);
    expect(form(billers.lpg, {}).ready).toBe(false);
    expect(form(billers.lpg, { 'Mobile Number': '12345' }).ready).toBe(false);
    expect(form(billers.lpg, { 'Mobile Number': '9876543210' }).ready).toBe(true);
  });

  it('asks for an amount above 0, within the biller limits, only when the user chooses it', () => {
    expect(needsAmountField(billers.electricity)).toBe(false);
    expect(needsAmountField(billers.fastag)).toBe(true);
    const withAmount = (amount: string) => form(billers.fastag, { 'Vehicle Number': 'KA01AB1234' }, amount);
    expect(withAmount('').ready).toBe(false);
    expect(withAmount('0').errors.amount).toBe('Enter an amount greater than 0');
    expect(withAmount('50').errors.amount).toBe('Enter an amount between ₹100.00 and ₹1,00,000.00');
    expect(withAmount('150.5').ready).toBe(true);
    const amountParam: Biller = {
      ...billers.fastag,
      customerParams: [
        ...billers.fastag.customerParams,
        { paramName: 'AMOUNT', optional: 'false', regex: '' },
      ],
    };
    expect(needsAmountField(amountParam)).toBe(false);
  });

  it('needs a chosen plan, and no amount box, for a biller whose plans are mandatory', () => {
    const dth: Biller = {
      ...billers.fastag,
      billerCategoryName: 'DTH',
      customerParams: [{ paramName: 'Subscriber ID', optional: 'false', regex: '^[0-9]{10,11}$' }],
      planMdmRequirement: 'MANDATORY',
    };
    expect(needsAmountField(dth)).toBe(false);
    expect(form(dth, { 'Subscriber ID': '3012345678' }).ready).toBe(false);
    expect(form(dth, { 'Subscriber ID': '3012345678' }, '', true).ready).toBe(true);
  });

  it('chooses fetch, else validation, else nothing', () => {
    expect(billFlow(billers.electricity)).toBe('fetch');
    expect(billFlow({ ...billers.electricity, fetchRequirement: 'OPTIONAL' })).toBe('fetch');
    expect(billFlow(billers.fastag)).toBe('validate');
    expect(billFlow({ ...billers.fastag, supportBillValidation: 'NOT_SUPPORTED' })).toBe('none');
  });

  it('keeps the digits of a mobile number only', () => {
    const [, mobile] = billers.electricity.customerParams;
    expect(sanitiseParam(mobile!, '98-765 abc43210')).toBe('9876543210');
    expect(sanitiseParam(mobile!, '+91 98765 43210')).toBe('9876543210');
    expect(sanitiseParam(billers.fastag.customerParams[1]!, 'KA01 AB')).toBe('KA01 AB');
  });

  it('upper-cases a value its regex refuses as typed but takes in capitals', () => {
    const param = (regex: string) => ({ paramName: 'Vehicle Number', optional: 'false' as const, regex });
    expect(sanitiseParam(param('^[A-Z]{2}[0-9]{2}[A-Z]{1,2}[0-9]{4}$'), 'mh12ab1234')).toBe('MH12AB1234');
    expect(sanitiseParam(billers.fastag.customerParams[1]!, 'mh12Ab1234')).toBe('MH12AB1234');
    expect(sanitiseParam(param('^[a-zA-Z0-9]+$'), 'mh12ab1234')).toBe('mh12ab1234');
    expect(sanitiseParam(param('^[0-9]{10}$'), 'mh12ab1234')).toBe('mh12ab1234');
    expect(sanitiseParam(param('^[A-Z]{2}[0-9]{2}[A-Z]{1,2}[0-9]{4}$'), 'mh12')).toBe('mh12');
    expect(sanitiseParam(param(''), 'ka01')).toBe('ka01');
  });
});

describe('money', () => {
  it('keeps digits and one decimal point with two decimals as the amount is typed', () => {
    expect(sanitiseAmount('1,2a0.509')).toBe('120.50');
    expect(formatsFor('en', 'IST').rupees('123456.5')).toBe('₹1,23,456.50');
  });
});

describe('bill request', () => {
  it('is the spec request: channel 1, real-time fetch, mobile, e-mail tag and the filled parameters', () => {
    const request = buildBillRequest({
      biller: billers.electricity,
      values: { 'Consumer Number': ' 1234567890 ', 'Mobile Number': '' },
      user: { userName: 'Asha', email: 'asha@example.com', phone: '9876543210' },
    });
    expect(request).toEqual({
      chId: 1,
      isRealTimeFetch: true,
      custDetails: { mobileNo: '9876543210', customerTags: [{ name: 'EMAIL', value: 'asha@example.com' }] },
      billDetails: {
        billerId: 'BESCOM000KAR01',
        customerParams: [{ name: 'Consumer Number', value: '1234567890' }],
      },
    });
  });
});
