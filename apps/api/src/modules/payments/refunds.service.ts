import type { Gateway, OrderStatus } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { GatewayRefundRef, PaymentGateway, RefundCheck } from '../../integrations/payment-gateway.ts';
import { newId } from '../../lib/ids.ts';
import { moveOrder } from './order-moves.ts';
import { refundableStatuses } from './order-state.ts';
import { formatRupees } from './order-views.ts';
import { findOrder, findOrderByAnyId, type OrderRow } from './orders.repository.ts';
import { refundDeadline } from './refund-deadline.ts';
import {
  findRefundByGatewayId,
  insertRefund,
  listRefunds,
  type RefundRow,
  refundedPaise,
  setGatewayRefundId,
  settleRefund,
} from './refunds.repository.ts';

/** Gateways refuse refunds below ₹1. */
const MIN_REFUND_PAISE = 100;
/** An automatic refund the gateway failed is asked again this many times before a person must look. */
const MAX_AUTO_REFUND_ATTEMPTS = 3;

export interface RefundRequest {
  orderId?: string;
  merchantOrderId?: string;
  /** Paise; absent means everything not yet refunded. */
  amountPaise?: number;
  note: string;
  /** Who asked: a merchant's user id, or 'system' for automatic refunds. */
  requestedBy: string;
  reason: 'auto' | 'merchant';
}

export type Gateways = Record<Gateway, PaymentGateway>;

export interface RefundsDeps {
  db: Database;
  gateways: Gateways;
  logger: FastifyBaseLogger;
}

const gatewayRef = (order: OrderRow, refund: RefundRow): GatewayRefundRef => ({
  refundId: refund.id,
  amountPaise: refund.amountPaise,
  gatewayRefundId: refund.gatewayRefundId,
  note: refund.note ?? '',
  order: {
    merchantOrderId: order.merchantOrderId,
    gatewayOrderId: order.gatewayOrderId,
    gatewayPaymentId: order.gatewayPaymentId,
  },
});

/**
 * Refunds through the gateway that charged: never more than is left unrefunded, only for orders whose
 * money was taken, each refund's id being the gateway's idempotency key so asking again never refunds
 * twice. The reconciliation job submits and follows every pending refund until it is final.
 */
export function createRefundsService(deps: RefundsDeps) {
  const { db, logger } = deps;

  async function openRefund(tx: Executor, request: RefundRequest): Promise<RefundRow> {
    const id = request.orderId ?? request.merchantOrderId;
    if (!id) throw badRequest('Please say which order to refund');
    const order = await findOrderByAnyId(tx, id, { forUpdate: true });
    if (!order) throw notFound('Order not found');
    const status = order.status as OrderStatus;
    if (!order.gateway || !order.capturedPaise || !refundableStatuses.includes(status))
      throw badRequest('Only payments that were taken and are not being processed can be refunded');
    if (request.reason === 'auto') {
      const open = (await listRefunds(tx, order.id)).find(
        (r) => r.reason === 'auto' && r.status !== 'FAILED',
      );
      if (open) return open;
    }
    const left = order.capturedPaise - (await refundedPaise(tx, order.id));
    if (left <= 0) throw conflict('This payment has already been refunded in full');
    const amountPaise = request.amountPaise ?? left;
    if (amountPaise > left) throw badRequest(`At most ${formatRupees(left)} can be refunded`);
    if (amountPaise < MIN_REFUND_PAISE) throw badRequest('A refund must be at least ₹1');
    const now = new Date();
    const refund = await insertRefund(tx, {
      id: newId('rfd'),
      orderId: order.id,
      gateway: order.gateway,
      amountPaise,
      status: 'PENDING',
      reason: request.reason,
      note: request.note,
      requestedBy: request.requestedBy,
      // Fixed by the order's payment day (an automatic refund) or this request's (a merchant's): a retry keeps it.
      deadlineAt: refundDeadline(order.createdAt, { reason: request.reason, createdAt: now }),
      createdAt: now,
      updatedAt: now,
    });
    // Already REFUND_PENDING: its reconciliation job picks the new refund up.
    if (status !== 'REFUND_PENDING')
      await moveOrder(tx, order, 'REFUND_PENDING', {
        source: request.reason === 'auto' ? 'system' : `merchant:${request.requestedBy}`,
        detail: { refundId: refund.id, amountPaise, reason: request.reason },
      });
    return refund;
  }

  /** Once no refund is pending: REFUNDED, another automatic attempt, or back to SUCCESS. */
  async function settleOrder(tx: Executor, orderId: string): Promise<void> {
    const order = await findOrderByAnyId(tx, orderId, { forUpdate: true });
    if (order?.status !== 'REFUND_PENDING') return;
    const refunds = await listRefunds(tx, order.id);
    if (refunds.some((refund) => refund.status === 'PENDING')) return;
    const completed = refunds
      .filter((r) => r.status === 'COMPLETED')
      .reduce((total, r) => total + r.amountPaise, 0);
    // The bill was paid (the network confirmed): a refund is a merchant's, and a failed one leaves the payment standing.
    const billPaid = order.completedAt !== null;
    if (completed >= (order.capturedPaise ?? 0) || (billPaid && completed > 0)) {
      await moveOrder(tx, order, 'REFUNDED', { source: 'system', detail: { refundedPaise: completed } });
      return;
    }
    if (billPaid) {
      await moveOrder(tx, order, 'SUCCESS', { source: 'system', detail: { reason: 'the refund failed' } });
      return;
    }
    const failedAuto = refunds.filter((r) => r.reason === 'auto' && r.status === 'FAILED').length;
    if (failedAuto >= MAX_AUTO_REFUND_ATTEMPTS) {
      logger.error(
        { orderId: order.id },
        'automatic refund failed repeatedly; a merchant must refund by hand',
      );
      return;
    }
    await openRefund(tx, {
      orderId: order.id,
      note: 'Automatic refund, asked again',
      requestedBy: 'system',
      reason: 'auto',
    });
  }

  async function applyResult(refund: RefundRow, result: RefundCheck): Promise<void> {
    if (result.state === 'PENDING') {
      if (result.gatewayRefundId && result.gatewayRefundId !== refund.gatewayRefundId)
        await setGatewayRefundId(db, refund.id, result.gatewayRefundId);
      return;
    }
    await db.transaction(async (tx) => {
      const settled = await settleRefund(tx, refund.id, {
        status: result.state === 'COMPLETED' ? 'COMPLETED' : 'FAILED',
        gatewayRefundId: result.gatewayRefundId ?? refund.gatewayRefundId ?? undefined,
        failureReason: result.state === 'FAILED' ? result.providerStatus : undefined,
      });
      if (settled) await settleOrder(tx, refund.orderId);
    });
    if (result.state === 'FAILED')
      logger.warn({ refundId: refund.id, status: result.providerStatus }, 'the gateway failed a refund');
  }

  /** Submits a refund not yet acknowledged (idempotent per refund id), or asks how an acknowledged one is doing. */
  async function advanceRefund(order: OrderRow, refund: RefundRow): Promise<void> {
    const gateway = deps.gateways[refund.gateway as Gateway];
    const ref = gatewayRef(order, refund);
    const result = refund.gatewayRefundId ? await gateway.checkRefund(ref) : await gateway.refund(ref);
    await applyResult(refund, result);
  }

  return {
    /**
     * Opens a refund (in the caller's transaction when given one; the reconciliation job then submits
     * it), else in its own transaction and submits it to the gateway at once.
     */
    async requestRefund(executor: Executor | undefined, request: RefundRequest): Promise<RefundRow> {
      if (executor) return openRefund(executor, request);
      const refund = await db.transaction((tx) => openRefund(tx, request));
      const order = await findOrder(db, refund.orderId);
      if (order && refund.status === 'PENDING') {
        await advanceRefund(order, refund).catch((error) =>
          logger.warn(
            { err: error, refundId: refund.id },
            'refund not submitted yet; reconciliation retries',
          ),
        );
      }
      return (await listRefunds(db, refund.orderId)).find((row) => row.id === refund.id) ?? refund;
    },

    /** Reconciliation of a REFUND_PENDING order: every pending refund moved on, then the order. */
    async progress(order: OrderRow): Promise<void> {
      for (const refund of await listRefunds(db, order.id)) {
        if (refund.status === 'PENDING') await advanceRefund(order, refund);
      }
      await db.transaction((tx) => settleOrder(tx, order.id));
    },

    /** A gateway said a refund changed (Razorpay's refund webhooks): ask it, then apply. */
    async refundChanged(gateway: Gateway, gatewayRefundId: string): Promise<void> {
      const refund = await findRefundByGatewayId(db, gateway, gatewayRefundId);
      const order = refund && (await findOrder(db, refund.orderId));
      if (refund?.status === 'PENDING' && order) await advanceRefund(order, refund);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
