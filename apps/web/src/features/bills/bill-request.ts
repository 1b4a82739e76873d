import type { Biller, BillRequest } from '@erti/contracts';
import { BILL_REQUEST_CHANNEL_ID } from '@erti/contracts/constants';
import type { StoredUserData } from '../../lib/session.ts';
import { isMobileNumberParam } from './bill-rules.ts';

export type NameValue = BillRequest['billDetails']['customerParams'][number];

export interface BillRequestInput {
  biller: Biller;
  values: Record<string, string>;
  user: StoredUserData | null;
  amountPaise?: number;
  planId?: string;
}

/**
 * The spec's bill (and validation) request: channel 1, real-time fetch, the customer's mobile and
 * e-mail, and the filled customer parameters. The api fills agentDetails, never the browser.
 */
export function buildBillRequest({
  biller,
  values,
  user,
  amountPaise,
  planId,
}: BillRequestInput): BillRequest {
  const customerParams = biller.customerParams
    .map((param) => ({ name: param.paramName, value: (values[param.paramName] ?? '').trim() }))
    .filter((param) => param.value !== '');
  // The network takes a 10-digit mobile: the one typed for the bill, else the account's.
  const typedMobile = customerParams.find((param) => isMobileNumberParam(param.name))?.value;
  const mobileNo = [typedMobile, user?.phone].find((candidate) => /^\d{10}$/.test(candidate ?? '')) ?? '';
  return {
    chId: BILL_REQUEST_CHANNEL_ID,
    isRealTimeFetch: true,
    custDetails: { mobileNo, customerTags: user?.email ? [{ name: 'EMAIL', value: user.email }] : [] },
    billDetails: { billerId: biller.billerId, customerParams },
    ...(amountPaise ? { amount: amountPaise } : {}),
    ...(planId ? { planId } : {}),
  };
}
