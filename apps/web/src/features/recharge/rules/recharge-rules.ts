import type { Biller, BillRequest, BillResponse, Plan } from '@erti/contracts';
import { BILL_REQUEST_CHANNEL_ID, PHONE_LENGTH } from '@erti/contracts/constants';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import { matchesBillerRegex } from '@erti/contracts/text';
import { type PaymentSelectionState, paymentPlan } from '../../../lib/navigation-state.ts';
import type { StoredUserData } from '../../../lib/session.ts';

/** What the mobile recharge form holds (spec section 3, "Mobile recharge form values"). */
export interface RechargeValues {
  mobileNumber: string;
  operator: Biller | null;
  circle: string;
  amount: string;
}

export type RechargeField = keyof RechargeValues;

const FIELD_ORDER: RechargeField[] = ['mobileNumber', 'operator', 'circle', 'amount'];

function isFilled(values: RechargeValues, field: RechargeField): boolean {
  const value = values[field];
  return typeof value === 'string' ? value.trim() !== '' : value !== null;
}

/** The first empty field in screen order, or null when number, operator, circle and amount are all filled. */
export function firstMissingField(values: RechargeValues): RechargeField | null {
  return FIELD_ORDER.find((field) => !isFilled(values, field)) ?? null;
}

/** Proceed is enabled only when all four are filled. */
export const isRechargeReady = (values: RechargeValues) => firstMissingField(values) === null;

const MOBILE_PARAM = 'mobile number';
const CIRCLE_PARAM = 'circle';
const PLAN_PARAM = 'id';

/**
 * A mobile number the operator accepts: exactly 10 digits, and the pattern of the operator's
 * 'Mobile Number' parameter when it declares one.
 */
export function isValidMobileNumber(mobileNumber: string, operator: Biller | null): boolean {
  if (!new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(mobileNumber)) return false;
  const regex = operator?.customerParams.find(
    (param) => param.paramName.toLowerCase() === MOBILE_PARAM,
  )?.regex;
  return regex === undefined || matchesBillerRegex(regex, mobileNumber);
}

interface ValidationInput {
  operator: Biller;
  mobileNumber: string;
  circle: string;
  plan: Plan | null;
  amountPaise: number;
  email?: string;
}

/** The known parameter names get their values; any other parameter the operator declares goes empty. */
function parameterValue(paramName: string, input: ValidationInput): string {
  switch (paramName.toLowerCase()) {
    case MOBILE_PARAM:
      return input.mobileNumber;
    case CIRCLE_PARAM:
      return input.circle;
    case PLAN_PARAM:
      return input.plan?.Id ?? '';
    default:
      return '';
  }
}

const PLAN_CONTEXT = ['Circle', 'Id'];
const PLAN_REQUIREMENTS = new Set(['MANDATORY', 'OPTIONAL']);

/**
 * The parameter names a recharge sends: the operator's own (its master data usually declares only
 * 'Mobile Number'), plus Circle and Id for plan operators so the network can check the plan's circle.
 */
function parameterNames(operator: Biller): string[] {
  const declared = operator.customerParams.map((param) => param.paramName);
  const names = declared.length ? declared : ['Mobile Number'];
  if (!PLAN_REQUIREMENTS.has(operator.planMdmRequirement)) return names;
  const has = new Set(names.map((name) => name.toLowerCase()));
  return [...names, ...PLAN_CONTEXT.filter((name) => !has.has(name.toLowerCase()))];
}

/**
 * The validation request of spec section 3 for a recharge. The api fills agentDetails itself and
 * charges the plan's own amount; `amount` (paise) lets it refuse a plan and amount that disagree.
 */
export function buildRechargeValidation(input: ValidationInput): BillRequest {
  return {
    chId: BILL_REQUEST_CHANNEL_ID,
    isRealTimeFetch: true,
    custDetails: {
      mobileNo: input.mobileNumber,
      ...(input.email ? { customerTags: [{ name: 'EMAIL', value: input.email }] } : {}),
    },
    billDetails: {
      billerId: input.operator.billerId,
      customerParams: parameterNames(input.operator).map((name) => ({
        name,
        value: parameterValue(name, input),
      })),
    },
    amount: input.amountPaise,
    ...(input.plan ? { planId: input.plan.Id } : {}),
  };
}

interface ValidatedRecharge {
  biller: Biller;
  plan: Plan | null;
  /** The amount that was validated, in paise. */
  amountPaise: number;
  user: StoredUserData | null;
  request: BillRequest;
  result: BillResponse;
}

/** The navigation state `/payment-selection` receives after a recharge validates (spec route table). */
export function paymentSelectionFor({ biller, plan, amountPaise, user, request, result }: ValidatedRecharge) {
  const state: PaymentSelectionState = {
    // Plain rupees, not what was typed ('₹ 1,499'): the payment calls accept plain rupees only.
    amount: plan ? plan.amountInRupees : rupeesFromPaise(amountPaise),
    user,
    biller,
    validationReq: request,
    validationRes: result,
  };
  return plan ? { ...state, plan: paymentPlan(plan) } : state;
}
