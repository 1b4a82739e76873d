import type { Gateway } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type ChargeCheck, GatewayAnswerUnreadableError } from '../../integrations/payment-gateway.ts';
import { moveOrder } from './order-moves.ts';
import { orderTotal } from './order-views.ts';
import { findOrder, type OrderRow, updateOrderFacts } from './orders.repository.ts';
import type { Gateways, RefundsService } from './refunds.service.ts';

export interface ChargeConfirmationDeps {
  db: Database;
  gateways: Gateways;
  refunds: RefundsService;
  logger: FastifyBaseLogger;
  /** A hand-off the gateway never saw a payment for is closed this long after it was made (decision 064). */
  handoffExpiryMs: number;
}

/**
 * Confirming a charge with the gateway that took it, whoever reported it (post back, callback,
 * webhook, status poll, reconciliation): the order moves to PAID, fails, has an unusable charge
 * refunded, or is held for a person when the gateway's answer cannot be read. Safe to repeat.
 */
export function createChargeConfirmationService(deps: ChargeConfirmationDeps) {
  const { db, logger, refunds } = deps;
  const gatewayOf = (order: OrderRow) => deps.gateways[order.gateway as Gateway];

  /**
   * The gateway's answer about the charge could not be read: never a guess, the order is held for a
   * person (NEEDS_ATTENTION) with the answer as it came. Entering the hold mails the support inbox
   * (its follow-up job, keyed by this event: once per hold). docs/decisions/062-held-charges.md.
   */
  async function holdForPerson(order: OrderRow, unreadable: GatewayAnswerUnreadableError, source: string) {
    logger.error(
      { orderId: order.id, gateway: unreadable.gateway, path: unreadable.path, field: unreadable.field },
      'gateway answer unreadable; order held for a person',
    );
    await db.transaction((tx) =>
      moveOrder(tx, order, 'NEEDS_ATTENTION', {
        source,
        detail: {
          why: unreadable.message,
          gateway: unreadable.gateway,
          path: unreadable.path,
          field: unreadable.field,
          answer: unreadable.answer ?? null,
        },
      }),
    );
  }

  /** The gateway's word on the order's charge; undefined when its answer could not be read (the order is held). */
  async function askGateway(order: OrderRow, source: string): Promise<ChargeCheck | undefined> {
    try {
      return await gatewayOf(order).checkCharge({
        merchantOrderId: order.merchantOrderId,
        gatewayOrderId: order.gatewayOrderId,
        gatewayPaymentId: order.gatewayPaymentId,
      });
    } catch (error) {
      if (!(error instanceof GatewayAnswerUnreadableError)) throw error;
      await holdForPerson(order, error, source);
      return undefined;
    }
  }

  /** Money was taken that this order cannot use (a capture after failure, a wrong amount): give it back. */
  async function refundUnusableCharge(
    order: OrderRow,
    check: ChargeCheck,
    capturedPaise: number,
    source: string,
    why: string,
  ) {
    logger.warn({ orderId: order.id, why, captured: capturedPaise }, 'charge cannot be used; refunding it');
    const facts = {
      capturedPaise,
      gatewayPaymentId: check.paymentId,
      paymentMode: check.paymentMode,
      failureReason: why,
    };
    await db.transaction(async (tx) => {
      const failed =
        order.status === 'PAYMENT_PENDING'
          ? await moveOrder(tx, order, 'PAYMENT_FAILED', { source, set: facts, detail: { why } })
          : await updateOrderFacts(tx, {
              orderId: order.id,
              status: 'PAYMENT_FAILED',
              set: facts,
              source,
              detail: { why },
            });
      if (!failed) return;
      await refunds.requestRefund(tx, {
        orderId: order.id,
        note: why,
        requestedBy: 'system',
        reason: 'auto',
      });
    });
  }

  async function chargeTaken(order: OrderRow, check: ChargeCheck, source: string) {
    const captured = check.amountPaise;
    // A charge without an amount is never taken as 0 (nor refunded as 0): a person looks.
    if (captured === undefined) {
      const unreadable = new GatewayAnswerUnreadableError(
        order.gateway as Gateway,
        'charge check',
        'amount',
        check,
      );
      return holdForPerson(order, unreadable, source);
    }
    if (order.status === 'PAYMENT_FAILED')
      return refundUnusableCharge(
        order,
        check,
        captured,
        source,
        'The payment was taken after it had been reported failed',
      );
    if (captured !== orderTotal(order))
      return refundUnusableCharge(
        order,
        check,
        captured,
        source,
        'The amount charged did not match the order',
      );
    await db.transaction(async (tx) => {
      const paid = await moveOrder(tx, order, 'PAID', {
        source,
        set: {
          capturedPaise: captured,
          gatewayPaymentId: check.paymentId,
          paymentMode: check.paymentMode,
          paymentInstrument: check.instrument,
        },
        detail: { gatewayStatus: check.providerStatus, paymentId: check.paymentId },
      });
      if (paid?.kind === 'test')
        await moveOrder(tx, paid, 'SUCCESS', { source: 'system', set: { completedAt: new Date() } });
    });
  }

  async function applyCharge(order: OrderRow, check: ChargeCheck, source: string) {
    if (check.state === 'PAID') return chargeTaken(order, check, source);
    if (order.status !== 'PAYMENT_PENDING') return;
    const expired =
      check.state === 'NOT_FOUND' && Date.now() - order.createdAt.getTime() > deps.handoffExpiryMs;
    if (check.state !== 'FAILED' && !expired) return;
    await db.transaction((tx) =>
      moveOrder(tx, order, 'PAYMENT_FAILED', {
        source,
        set: {
          failureReason: expired
            ? 'The payment was not completed in time'
            : 'The payment was declined or cancelled',
        },
        detail: { gatewayStatus: check.providerStatus },
      }),
    );
  }

  /**
   * Asks the order's gateway what happened to its charge and moves the order accordingly. Any report
   * (post back, callback, webhook, status poll) only triggers this: the gateway's API decides.
   */
  async function confirmCharge(orderId: string, source: string): Promise<OrderRow | undefined> {
    const order = await findOrder(db, orderId);
    if (!order?.gateway) return order;
    const undecided =
      order.status === 'PAYMENT_PENDING' || (order.status === 'PAYMENT_FAILED' && !order.capturedPaise);
    if (!undecided) return order;
    const check = await askGateway(order, source);
    if (check) await applyCharge(order, check, source);
    return findOrder(db, orderId);
  }

  /**
   * Before a new order for the same bill: the customer's earlier hand-off that the gateway says was
   * never paid (or failed) is closed, so that an abandoned checkout does not block paying. Answers
   * whether it was closed; a payment that did go through is taken as usual instead.
   */
  async function releaseUnpaid(order: OrderRow): Promise<boolean> {
    if (order.status !== 'PAYMENT_PENDING' || !order.gateway) return false;
    // A held charge keeps the bill: the new payment is refused until a person decides.
    const check = await askGateway(order, 'new-attempt');
    if (!check) return false;
    if (check.state === 'PAID') await chargeTaken(order, check, 'new-attempt');
    if (check.state !== 'NOT_FOUND' && check.state !== 'FAILED') return false;
    const released = await db.transaction((tx) =>
      moveOrder(tx, order, 'PAYMENT_FAILED', {
        source: 'new-attempt',
        set: { failureReason: 'The payment was not completed; a new payment replaced it' },
        detail: { gatewayStatus: check.providerStatus },
      }),
    );
    return released !== undefined;
  }

  return { confirmCharge, releaseUnpaid };
}

export type ChargeConfirmationService = ReturnType<typeof createChargeConfirmationService>;
