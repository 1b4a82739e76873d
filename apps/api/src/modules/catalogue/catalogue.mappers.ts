import type { Biller, CustomerParam, Plan } from '@erti/contracts';
import { paiseOrUndefined, parsePaise, parseRupees } from '@erti/contracts/rupees';
import type { BbpsBiller, BbpsPlan } from '@erti/protocols';

/** Our payment channel: a web site is INT on Bharat Connect. */
const CHANNEL = 'INT';

const integerOrUndefined = (value: string): number | undefined => {
  if (!/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
};

/** The network's amounts are paise as text; an absent or unreadable one is undefined. */
const paiseOf = (value: string): number | undefined => paiseOrUndefined(parsePaise(value));

function customerParam(param: BbpsBiller['billerInputParams']['paramInfo'][number]): CustomerParam {
  return {
    paramName: param.paramName,
    regex: param.regEx,
    optional: param.isOptional,
    dataType: param.dataType,
    minLength: integerOrUndefined(param.minLength),
    maxLength: integerOrUndefined(param.maxLength),
  };
}

/**
 * The amounts a payment on our channel may take, in paise: the INT channel's limits when the biller
 * sets them, else the widest of its payment modes. A maximum of 0 means no limit.
 */
function amountLimits(record: BbpsBiller): { minAmount?: number; maxAmount?: number } {
  const channel = record.billerPaymentChannels.paymentChannelInfo.find(
    (info) => info.paymentChannelName === CHANNEL,
  );
  const ranges = channel ? [channel] : record.billerPaymentModes.paymentModeInfo;
  const mins = ranges.map((range) => paiseOf(range.minAmount)).filter((n) => n !== undefined);
  const maxes = ranges.map((range) => paiseOf(range.maxAmount)).filter((n) => n !== undefined);
  const unlimited = maxes.length === 0 || maxes.includes(0);
  return {
    minAmount: mins.length > 0 ? Math.min(...mins) : undefined,
    maxAmount: unlimited ? undefined : Math.max(...maxes),
  };
}

/** A biller as the spec's screens read it (spec section 3), from the network's master data. */
export function toBiller(record: BbpsBiller): Biller {
  return {
    billerId: record.billerId,
    billerName: record.billerName,
    billerCategoryName: record.billerCategory,
    customerParams: record.billerInputParams.paramInfo.map(customerParam),
    planMdmRequirement: record.planMdmRequirement,
    fetchRequirement: record.billerFetchRequiremet,
    supportBillValidation: record.billerSupportBillValidation,
    paymentExactness: record.billerPaymentExactness,
    coverage: record.billerCoverage,
    ...amountLimits(record),
    ccfSlabs: record.interchangeFee.map((slab) => ({
      minAmount: paiseOf(slab.tranAmtRangeMin) ?? 0,
      maxAmount: paiseOf(slab.tranAmtRangeMax) ?? 0,
      flatFee: paiseOf(slab.flatFee) ?? 0,
      percentFee: slab.percentFee || '0',
    })),
    logo: record.billerLogo || null,
  };
}

/** A plan in the spec's shape; `_id` is the plan id, unique per biller. */
export function toPlan(record: BbpsPlan): Plan {
  return {
    Id: record.Id,
    _id: record.Id,
    categoryType: record.categoryType,
    amountInRupees: record.amountInRupees,
    planDescription: record.planDescription,
    circle: record.circle,
    planAdditionalInfo: { tag: record.planAdditionalInfo?.tag ?? [] },
  };
}

/** Plan prices are rupees on the wire; we keep paise. Undefined when the price cannot be read. */
export const planAmountPaise = (plan: BbpsPlan): number | undefined =>
  paiseOrUndefined(parseRupees(plan.amountInRupees));

/** MANDATORY or OPTIONAL: the requirement is supported. */
export const isSupported = (requirement: string): boolean =>
  requirement === 'MANDATORY' || requirement === 'OPTIONAL';
