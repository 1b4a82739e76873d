import type { BbpsBiller } from '@erti/protocols';

/** XML-to-JSON gateways send a single element as an object and none as an absent key. */
export function asArray<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * Biller master data as real operating units send it, made regular: lists that arrive as a single
 * object become arrays, scalars become strings (BillAvenue sends every scalar as a string, some
 * gateways numbers), so everything downstream reads one shape.
 */
export function normaliseBiller(raw: BbpsBiller): BbpsBiller {
  const paymentModes = asArray(raw.billerPaymentModes?.paymentModeInfo);
  const paymentChannels = asArray(raw.billerPaymentChannels?.paymentChannelInfo);
  return {
    ...raw,
    billerId: text(raw.billerId).trim(),
    billerName: text(raw.billerName).trim(),
    billerCategory: text(raw.billerCategory).trim(),
    billerCoverage: text(raw.billerCoverage) || 'IND',
    billerStatus: raw.billerStatus === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    billerLogo: text(raw.billerLogo),
    billerInputParams: {
      paramInfo: asArray(raw.billerInputParams?.paramInfo).map((param) => ({
        ...param,
        paramName: text(param.paramName),
        isOptional: text(param.isOptional).toLowerCase() === 'true' ? 'true' : 'false',
        minLength: text(param.minLength),
        maxLength: text(param.maxLength),
        regEx: text(param.regEx),
      })),
    },
    billerPaymentModes: {
      paymentModeInfo: paymentModes.map((mode) => ({
        paymentMode: text(mode.paymentMode),
        minAmount: text(mode.minAmount),
        maxAmount: text(mode.maxAmount),
      })),
    },
    billerPaymentChannels: {
      paymentChannelInfo: paymentChannels.map((channel) => ({
        paymentChannelName: text(channel.paymentChannelName),
        minAmount: text(channel.minAmount),
        maxAmount: text(channel.maxAmount),
      })),
    },
    interchangeFee: asArray(raw.interchangeFee).map((slab) => ({
      ...slab,
      flatFee: text(slab.flatFee),
      percentFee: text(slab.percentFee),
      tranAmtRangeMin: text(slab.tranAmtRangeMin),
      tranAmtRangeMax: text(slab.tranAmtRangeMax),
    })),
  };
}
