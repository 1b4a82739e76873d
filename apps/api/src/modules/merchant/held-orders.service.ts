import type { Gateway, HeldOrder, HeldOrderResolution, HeldOrdersResponse } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type KeyedMessage, keyedMessage } from '../../answer-messages.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import type { RefundsService } from '../payments/index.ts';
import { holdFactsOf, moveOrder, orderTotal } from '../payments/index.ts';
import { type HeldOrderRow, listHeldOrders } from './held-orders.repository.ts';
import { lockOrder, type OrderRow } from './merchant.repository.ts';

export interface HeldOrdersDeps {
  db: Database;
  refunds: Pick<RefundsService, 'requestRefund' | 'progress'>;
  logger: FastifyBaseLogger;
}

function toHeldOrder({ order, hold }: HeldOrderRow): HeldOrder {
  return {
    orderId: order.id,
    merchantOrderId: order.merchantOrderId,
    gateway: order.gateway as Gateway,
    billerName: order.billerName,
    customer: {
      name: order.payer?.name ?? null,
      email: order.payer?.email ?? null,
      phone: order.payer?.phone ?? null,
    },
    totalPaise: orderTotal(order),
    createdAt: order.createdAt.toISOString(),
    heldAt: hold.createdAt.toISOString(),
    ...holdFactsOf(hold),
  };
}

/**
 * Charges held for a person (NEEDS_ATTENTION, decision 062): the list the dashboard shows under
 * "Needs attention", and a person's resolution after checking the gateway's own dashboard, recorded
 * as the order's move out of the hold with who (`merchant:<id>`) and why. Only one resolution per hold.
 */
export function createHeldOrdersService(deps: HeldOrdersDeps) {
  const { db, refunds, logger } = deps;

  /** Moves the held order out of the hold as the person decided; answers a refund it opened, with its order. */
  async function applyResolution(
    tx: Executor,
    order: OrderRow,
    merchantId: string,
    ask: HeldOrderResolution,
  ) {
    const change = {
      source: `merchant:${merchantId}`,
      detail: {
        action: ask.action,
        why: ask.note,
        ...('gatewayPaymentId' in ask ? { gatewayPaymentId: ask.gatewayPaymentId } : {}),
        ...(ask.action === 'refund' ? { amountPaise: ask.amount } : {}),
      },
    };
    if (ask.action === 'no-charge') {
      await moveOrder(tx, order, 'PAYMENT_FAILED', {
        ...change,
        set: { failureReason: 'No payment was taken (checked at the gateway)' },
      });
      return undefined;
    }
    if (ask.action === 'mark-paid') {
      // The order's own total only: another amount at the gateway is refunded instead.
      const paid = await moveOrder(tx, order, 'PAID', {
        ...change,
        set: { capturedPaise: orderTotal(order), gatewayPaymentId: ask.gatewayPaymentId },
      });
      if (paid?.kind === 'test')
        await moveOrder(tx, paid, 'SUCCESS', { source: 'system', set: { completedAt: new Date() } });
      return undefined;
    }
    const refunding = await moveOrder(tx, order, 'REFUND_PENDING', {
      ...change,
      set: { capturedPaise: ask.amount, gatewayPaymentId: ask.gatewayPaymentId },
    });
    if (!refunding) throw new Error(`held order ${order.id} moved while locked`);
    // No bill was paid with this charge: its refund gives back a failed transaction, due by RBI's T+5
    // from the day the customer paid (decision 063) however long the hold lasted, not a merchant's refund.
    const refund = await refunds.requestRefund(tx, {
      orderId: order.id,
      note: ask.note,
      requestedBy: merchantId,
      reason: 'auto',
    });
    return { order: refunding, refund };
  }

  return {
    async list(): Promise<HeldOrdersResponse> {
      return { orders: (await listHeldOrders(db)).map(toHeldOrder) };
    },

    async resolve(orderId: string, merchantId: string, ask: HeldOrderResolution): Promise<KeyedMessage> {
      const { order, refunding } = await db.transaction(async (tx) => {
        const held = await lockOrder(tx, orderId);
        if (!held) throw notFound('No transaction has this order id');
        if (held.status !== 'NEEDS_ATTENTION')
          throw conflict(`Order ${held.merchantOrderId} is not waiting for a person (it is ${held.status})`);
        return { order: held, refunding: await applyResolution(tx, held, merchantId, ask) };
      });
      logger.info({ orderId: order.id, merchantId, action: ask.action }, 'held charge resolved');
      const shownId = order.merchantOrderId;
      if (ask.action === 'mark-paid') return keyedMessage('merchant.markedPaid', { orderId: shownId });
      if (!refunding) return keyedMessage('merchant.closedUnpaid', { orderId: shownId });
      const { refund } = refunding;
      // Handed to the gateway now; if it cannot be reached, reconciliation submits it.
      await refunds.progress(refunding.order).catch((error: unknown) => {
        logger.warn({ err: error, refundId: refund.id }, 'refund not submitted yet; reconciliation retries');
      });
      return keyedMessage('merchant.refundInitiated', {
        amountPaise: refund.amountPaise,
        orderId: shownId,
        deadlineAt: refund.deadlineAt.toISOString(),
      });
    },
  };
}

export type HeldOrdersService = ReturnType<typeof createHeldOrdersService>;
