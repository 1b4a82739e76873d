import {
  DEFAULT_PAGE_SIZE,
  type Gateway,
  type MerchantHistoryRequest,
  type MerchantHistoryResponse,
  type MerchantRefund,
  type MerchantRefundsRequest,
  type MerchantRefundsResponse,
  type MerchantTransaction,
  type MerchantTransactionStatus,
  type OrderStatus,
  type RefundRequest,
  type RefundStatus,
} from '@erti/contracts';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import type { FastifyBaseLogger } from 'fastify';
import { type KeyedMessage, keyedMessage } from '../../answer-messages.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { RefundsService } from '../payments/index.ts';
import { orderStatuses, orderTotal, refundTerms, transactionTime } from '../payments/index.ts';
import {
  findRefund,
  findRefundByIdempotencyKey,
  listRefundsWithOrders,
  listTransactions,
  lockOrder,
  type OrderRow,
  type PageWindow,
  type RefundListRow,
  type RefundRow,
  recordRefundRequest,
  refundsOfOrder,
  type TransactionRow,
} from './merchant.repository.ts';

/** The spec's plain list (an empty body) is the newest this many: a page, never the whole ledger. */
const PLAIN_LIST_LIMIT = 500;

/** An order's status as the dashboard shows it (spec section 4); refunds are shown as they are. */
const merchantStatusOf: Record<OrderStatus, MerchantTransactionStatus> = {
  CREATED: 'PENDING',
  PAYMENT_PENDING: 'PENDING',
  PAID: 'PENDING',
  BILL_PENDING: 'PENDING',
  SUCCESS: 'COMPLETED',
  PAYMENT_FAILED: 'FAILED',
  BILL_FAILED: 'FAILED',
  REFUND_PENDING: 'REFUND_PENDING',
  REFUNDED: 'REFUNDED',
  NEEDS_ATTENTION: 'NEEDS_ATTENTION',
};

const orderStatusesShownAs = (status: MerchantTransactionStatus) =>
  orderStatuses.filter((orderStatus) => merchantStatusOf[orderStatus] === status);

/** The dashboard's JSON rupees, from whole paise only (a RangeError otherwise). */
const rupees = (paise: number) => Number(rupeesFromPaise(paise));

/**
 * A merchant may refund a charge whose bill was paid (the network confirmed it): a successful order,
 * or one already refunded in part. Failed or moving orders are refunded by the system, not by hand.
 */
const merchantRefundable = (order: OrderRow) =>
  order.completedAt !== null && (order.status === 'SUCCESS' || order.status === 'REFUNDED');

function refundableNow(order: OrderRow, refundedPaise: number): number {
  if (!merchantRefundable(order)) return 0;
  return Math.max(0, (order.capturedPaise ?? 0) - refundedPaise);
}

function toMerchantTransaction({ order, refundedPaise }: TransactionRow): MerchantTransaction {
  return {
    date: transactionTime(order).toISOString(),
    amount: rupees(order.capturedPaise ?? orderTotal(order)),
    billAmount: rupees(order.amountPaise),
    convenienceFee: rupees(order.convenienceFeePaise),
    merchantOrderId: order.merchantOrderId,
    status: merchantStatusOf[order.status as OrderStatus],
    paymentMode: order.paymentMode,
    orderId: order.id,
    transactionId: order.gatewayPaymentId,
    gateway: order.gateway as Gateway | null,
    billerName: order.billerName,
    refundedAmount: rupees(refundedPaise),
    refundableAmount: rupees(refundableNow(order, refundedPaise)),
  };
}

function toMerchantRefund(row: RefundListRow, now: Date): MerchantRefund {
  const { refund } = row;
  const terms = refundTerms(row.paidAt, refund, now);
  return {
    refundInitiatedAt: refund.createdAt.toISOString(),
    refundId: refund.id,
    refundAmount: rupees(refund.amountPaise),
    paymentMode: row.paymentMode,
    refundStatus: refund.status as RefundStatus,
    merchantOrderId: row.merchantOrderId,
    refundNote: refund.note ?? '',
    gateway: refund.gateway as Gateway,
    requestedBy:
      refund.reason === 'auto' ? 'System' : (row.requesterEmail ?? refund.requestedBy ?? 'Unknown'),
    deadline: terms.deadline.toISOString(),
    completedAt: refund.completedAt?.toISOString() ?? null,
    ageDays: terms.day,
    late: terms.late,
    compensationOwed: rupees(terms.compensationPaise),
  };
}

/**
 * An empty body is the spec's plain list; any field asks for one page (page 1 and the default size
 * unless given). docs/decisions/016-merchant-dashboard.md.
 */
function pagingOf(body: { page?: number; pageSize?: number } | null | undefined) {
  if (!body || Object.keys(body).length === 0)
    return { paged: false as const, window: { offset: 0, limit: PLAIN_LIST_LIMIT } };
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
  const window: PageWindow = { offset: (page - 1) * pageSize, limit: pageSize };
  return { paged: true as const, page, pageSize, window };
}

const searchOf = (body: { search?: string } | null | undefined) => body?.search || undefined;

export interface MerchantServiceDeps {
  db: Database;
  refunds: Pick<RefundsService, 'requestRefund' | 'progress'>;
  logger: FastifyBaseLogger;
  now?: () => Date;
}

export interface RefundAsk extends RefundRequest {
  merchantId: string;
  idempotencyKey?: string;
}

/**
 * The merchant dashboard: every gateway's orders and every refund, and refunds by hand through the
 * payments module's refund service, idempotent and recorded with who asked and why.
 */
export function createMerchantService(deps: MerchantServiceDeps) {
  const { db, refunds, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The refund a repeated request means: the one its idempotency key opened, else a merchant refund
   * still pending for the same amount and remark (a full refund repeated matches the pending one that
   * emptied the order). Another remark is another request, refused while one is in progress rather
   * than answered as if its remark had been kept.
   */
  async function earlierRefund(tx: Executor, order: OrderRow, ask: RefundAsk) {
    if (ask.idempotencyKey) {
      const keyed = await findRefundByIdempotencyKey(tx, order.id, ask.idempotencyKey);
      if (keyed) return keyed;
    }
    const live = (await refundsOfOrder(tx, order.id)).filter((refund) => refund.status !== 'FAILED');
    const pending = live.find((refund) => refund.reason === 'merchant' && refund.status === 'PENDING');
    if (!pending) return undefined;
    const refunded = live.reduce((total, refund) => total + refund.amountPaise, 0);
    const sameAmount =
      ask.amount === undefined ? refunded >= (order.capturedPaise ?? 0) : ask.amount === pending.amountPaise;
    return sameAmount && pending.note === ask.refundNote ? pending : undefined;
  }

  /** Opens the refund (or finds the one this request already opened) with the order locked. */
  async function openRefund(
    ask: RefundAsk,
  ): Promise<{ order: OrderRow; refund: RefundRow; repeated: boolean }> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, ask.merchantOrderId);
      if (!order) throw notFound('No transaction has this order id');
      const earlier = await earlierRefund(tx, order, ask);
      if (earlier) return { order, refund: earlier, repeated: true };
      if (order.status === 'REFUND_PENDING')
        throw conflict('A refund of this transaction is already in progress');
      if (!merchantRefundable(order)) throw badRequest('Only completed transactions can be refunded');
      const refund = await refunds.requestRefund(tx, {
        orderId: order.id,
        amountPaise: ask.amount,
        note: ask.refundNote,
        requestedBy: ask.merchantId,
        reason: 'merchant',
      });
      await recordRefundRequest(tx, {
        orderId: order.id,
        merchantId: ask.merchantId,
        refundId: refund.id,
        amountPaise: refund.amountPaise,
        note: ask.refundNote,
        idempotencyKey: ask.idempotencyKey,
      });
      return { order, refund, repeated: false };
    });
  }

  /** Hands a new refund to the gateway now; if it cannot be reached, reconciliation tries again. */
  async function submit(order: OrderRow, refund: RefundRow): Promise<RefundRow> {
    try {
      await refunds.progress(order);
    } catch (error) {
      logger.warn({ err: error, refundId: refund.id }, 'refund not submitted yet; reconciliation retries');
    }
    return (await findRefund(db, refund.id)) ?? refund;
  }

  function refundAnswer(order: OrderRow, refund: RefundRow): KeyedMessage {
    if (refund.status === 'FAILED') {
      const reason = refund.failureReason ? ` (${refund.failureReason})` : '';
      throw new AppError(
        'BAD_GATEWAY',
        `The gateway could not refund order ${order.merchantOrderId}${reason}. Nothing was refunded.`,
      );
    }
    const values = { amountPaise: refund.amountPaise, orderId: order.merchantOrderId };
    if (refund.status === 'COMPLETED') return keyedMessage('merchant.refundCompleted', values);
    const deadlineAt = refund.deadlineAt.toISOString();
    return keyedMessage('merchant.refundInitiated', { ...values, deadlineAt });
  }

  return {
    async history(body: MerchantHistoryRequest): Promise<MerchantHistoryResponse> {
      const paging = pagingOf(body);
      const statuses = body?.status ? orderStatusesShownAs(body.status) : undefined;
      const { rows, total } = await listTransactions(db, { search: searchOf(body), statuses }, paging.window);
      const transactions = rows.map(toMerchantTransaction);
      if (!paging.paged) return transactions;
      return { transactions, total, page: paging.page, pageSize: paging.pageSize };
    },

    async refunds(body: MerchantRefundsRequest): Promise<MerchantRefundsResponse> {
      const paging = pagingOf(body);
      const { rows, total } = await listRefundsWithOrders(db, { search: searchOf(body) }, paging.window);
      const at = now();
      const list = rows.map((row) => toMerchantRefund(row, at));
      if (!paging.paged) return list;
      return { refunds: list, total, page: paging.page, pageSize: paging.pageSize };
    },

    /**
     * Refunds a completed transaction through the gateway that charged it, never more than is left;
     * the same request again answers the first refund instead of moving money twice.
     */
    async refund(ask: RefundAsk): Promise<KeyedMessage> {
      const { order, refund, repeated } = await openRefund(ask);
      const latest = repeated ? refund : await submit(order, refund);
      return refundAnswer(order, latest);
    },
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
