import {
  messages,
  type QueriedTransaction,
  type TransactionQuery,
  type TransactionQueryResponse,
} from '@erti/contracts';
import type { BbpsTxn, BbpsTxnStatus } from '@erti/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { orderTotal, transactionTime } from '../payments/index.ts';
import {
  type ComplaintNetwork,
  isNetworkFailure,
  onNetwork,
  transactionOnNetwork,
  transactionsOnNetwork,
} from './bill-network.ts';
import { nextDay, startOfIndianDay } from './complaint-rules.ts';
import {
  type CustomerOrder,
  findOrderByTxnReference,
  findUserOrdersByMobile,
} from './complaints.repository.ts';

/** The most transactions one search answers. */
const MAX_RESULTS = 200;

/** Our order's status in the network's words, for when the network cannot be asked. */
function networkStatusOf(orderStatus: string): BbpsTxnStatus {
  if (orderStatus === 'SUCCESS') return 'SUCCESS';
  if (['PAYMENT_FAILED', 'BILL_FAILED', 'REFUND_PENDING', 'REFUNDED'].includes(orderStatus)) return 'FAILURE';
  return 'PENDING';
}

/** The caller's own payment as its receipt tells it: the same time and total, both parts named. */
const ownPayment = (order: CustomerOrder) => ({
  txnDate: transactionTime(order).toISOString(),
  billerName: order.billerName,
  amountPaise: order.amountPaise,
  convenienceFeePaise: order.convenienceFeePaise,
  totalPaise: orderTotal(order),
});

/** Another's payment: its status and date only. */
const hiddenPayment = { billerName: null, amountPaise: null, convenienceFeePaise: null, totalPaise: null };

/**
 * The network's transaction time as an ISO date-time. Bharat Connect writes India time without a zone
 * ("2025-05-02 12:00:00"); anything else unreadable is passed on as sent.
 */
function isoDate(value: string): string {
  const indianTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
    ? `${value.replace(' ', 'T')}+05:30`
    : value;
  const parsed = new Date(indianTime);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
}

/**
 * Transaction Queries, answering only what the caller may see (docs/decisions, complaints):
 * - by B-Connect Txn ID, anyone learns the status and date; the biller and amount only when the
 *   transaction is the signed-in caller's own order;
 * - by mobile number and dates, only signed-in users, and only their own orders paid by or for that
 *   number (we cannot tell who owns a mobile number, so the network's wider answer is never passed on).
 */
export function createTransactionQueries(deps: {
  db: Database;
  network: ComplaintNetwork;
  logger: FastifyBaseLogger;
}) {
  const { db, network, logger } = deps;

  async function byReference(txnReferenceId: string, userId?: string): Promise<QueriedTransaction[]> {
    const txn = await onNetwork(logger, () => transactionOnNetwork(network, txnReferenceId));
    if (!txn) return [];
    const order = userId ? await findOrderByTxnReference(db, txnReferenceId) : undefined;
    const own = order !== undefined && order.userId === userId;
    return [
      {
        txnReferenceId: txn.txnReferenceId,
        status: txn.txnStatus,
        txnDate: isoDate(txn.txnDate),
        ...(own ? { ...ownPayment(order), billerName: order.billerName ?? txn.billerName } : hiddenPayment),
      },
    ];
  }

  /** The network's statuses for a mobile number's transactions; empty when it cannot answer. */
  async function networkStatuses(
    mobileNo: string,
    fromDate: string,
    toDate: string,
  ): Promise<Map<string, BbpsTxn>> {
    try {
      const found = await transactionsOnNetwork(network, { mobileNo, fromDate, toDate });
      return new Map(found.map((txn) => [txn.txnReferenceId, txn]));
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      logger.warn({ err: error }, 'transaction search failed; answering our own statuses');
      return new Map();
    }
  }

  async function byMobile(
    userId: string,
    mobile: string,
    fromDate: string,
    toDate: string,
  ): Promise<QueriedTransaction[]> {
    const own = await findUserOrdersByMobile(db, {
      userId,
      mobile,
      from: startOfIndianDay(fromDate),
      until: startOfIndianDay(nextDay(toDate)),
      limit: MAX_RESULTS,
    });
    if (own.length === 0) return [];
    const onNetworkByRef = await networkStatuses(mobile, fromDate, toDate);
    return own.map((order: CustomerOrder) => {
      const txnReferenceId = order.txnReferenceId ?? '';
      return {
        txnReferenceId,
        status: onNetworkByRef.get(txnReferenceId)?.txnStatus ?? networkStatusOf(order.status),
        ...ownPayment(order),
      };
    });
  }

  async function query(input: TransactionQuery, userId?: string): Promise<TransactionQueryResponse> {
    if (input.txnReferenceId) return { transactions: await byReference(input.txnReferenceId, userId) };
    if (!userId) throw unauthorized(messages.validation.loginToContinue);
    const { mobileNumber, fromDate, toDate } = input;
    if (!mobileNumber || !fromDate || !toDate)
      throw badRequest('Enter a Mobile Number with From and To dates');
    return { transactions: await byMobile(userId, mobileNumber, fromDate, toDate) };
  }

  return { query };
}

export type TransactionQueries = ReturnType<typeof createTransactionQueries>;
