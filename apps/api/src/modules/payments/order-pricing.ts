import { type OrderKind, type PaymentSource, paymentMessages } from '@erti/contracts';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { accountKeyOf, findBillFetch } from '../bills/index.ts';
import { convenienceFee, findBiller, findPlan } from '../catalogue/index.ts';
import { billKeyOf } from './bill-holds.ts';

/** A fetched bill or validation older than this is not charged: its amount may have changed. */
export const BILL_FETCH_FRESH_MS = 2 * 60 * 60_000;
/** Test payments through the test payment page: ₹1 to ₹1,00,000. */
export const TEST_PAYMENT_MIN_PAISE = 100;
export const TEST_PAYMENT_MAX_PAISE = 10_000_000;

/** What an order will charge and for what, decided by the server alone. Amounts in paise. */
export interface PricedOrder {
  kind: OrderKind;
  billerId: string;
  billerName: string;
  category: string;
  customerParams: { name: string; value: string }[];
  billFetchId: string;
  refId: string | null;
  billNumber: string | null;
  planId: string | null;
  amountPaise: number;
  convenienceFeePaise: number;
  /** Identifies the bill (or recharge) for the double-pay guard. */
  billKey: string;
}

/** The stored fetch or validation the source points at: its `billFetchId` (or refId). */
function sourceFetchId(source: PaymentSource): string | undefined {
  const response = source.billRes?.response ?? source.validationRes?.response;
  return response?.billFetchId ?? response?.refId;
}

interface StoredBill {
  billNumber?: string;
  billDate?: string;
  dueDate?: string;
  amount?: string;
}

function storedBillOf(response: Record<string, unknown>): StoredBill {
  const inner = (response.response ?? {}) as { billerResponse?: StoredBill };
  return inner.billerResponse ?? {};
}

/**
 * Prices an order from what the user fetched or validated: the bill's amount from the stored fetch of
 * THIS user, a plan's price from the plan catalogue, or the validated amount; the biller's convenience
 * fee on top. A client amount must agree with it (rupees, without the fee) or the order is refused.
 */
export async function priceOrder(
  executor: Executor,
  userId: string,
  source: PaymentSource,
  clientAmount?: number | string,
  now = new Date(),
): Promise<PricedOrder> {
  const fetchId = sourceFetchId(source);
  const fetch = fetchId ? await findBillFetch(executor, fetchId, userId) : undefined;
  if (fetch?.respCode !== '1') throw badRequest(paymentMessages.sourceMissing);
  if (now.getTime() - fetch.createdAt.getTime() > BILL_FETCH_FRESH_MS)
    throw badRequest('This bill was fetched a while ago. Please fetch the bill again.');
  const biller = await findBiller(executor, fetch.billerId);
  if (!biller?.active) throw badRequest('This biller is not available right now. Please try again later.');

  const kind: OrderKind = fetch.kind === 'fetch' ? 'bill' : 'recharge';
  const planId = fetch.planId ?? null;
  if (source.plan?.id && planId && source.plan.id !== planId)
    throw badRequest('The plan does not match the validated plan. Please choose the plan again.');
  const amountPaise = planId
    ? (await findPlan(executor, biller.billerId, planId))?.amountPaise
    : fetch.amountPaise;
  if (!amountPaise || amountPaise <= 0)
    throw badRequest(
      planId ? 'This plan is no longer available. Please choose another plan.' : 'No bill is due.',
    );
  if (clientAmount !== undefined && paiseOrUndefined(parseRupees(clientAmount)) !== amountPaise)
    throw badRequest(paymentMessages.amountMismatch);

  const bill = storedBillOf(fetch.response);
  const which =
    kind === 'bill'
      ? `bill\n${bill.billNumber || `${bill.billDate ?? ''}|${bill.dueDate ?? ''}|${bill.amount ?? ''}`}`
      : `recharge\n${planId ?? amountPaise}`;
  return {
    kind,
    billerId: biller.billerId,
    billerName: biller.billerName,
    category: biller.billerCategoryName,
    customerParams: fetch.customerParams,
    billFetchId: fetch.id,
    refId: fetch.refId,
    billNumber: bill.billNumber || null,
    planId,
    amountPaise,
    convenienceFeePaise: convenienceFee(biller, amountPaise),
    billKey: billKeyOf(biller.billerId, accountKeyOf(fetch.customerParams), which),
  };
}

/** A test payment (the test payment page): the amount asked for, within ₹1..₹1,00,000, no fee. */
export function priceTestPayment(
  amountPaise: number,
): Pick<PricedOrder, 'amountPaise' | 'convenienceFeePaise'> {
  if (amountPaise < TEST_PAYMENT_MIN_PAISE || amountPaise > TEST_PAYMENT_MAX_PAISE)
    throw badRequest('Amount must be between ₹1 and ₹1,00,000');
  return { amountPaise, convenienceFeePaise: 0 };
}
