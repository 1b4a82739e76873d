import { type Charge, type Gateway, type OrderStatus, paymentMessages } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, conflict } from '../../errors.ts';
import type { HandOffPort, Payer } from '../../integrations/gateway-port.ts';
import { isGatewayFailure } from '../../integrations/payment-gateway.ts';
import { isDebitId, newId, randomId } from '../../lib/ids.ts';
import type { BillHold, HoldingOrder } from './bill-holds.repository.ts';
import { lockedHoldOf } from './bill-holds.ts';
import type { ChargeConfirmationService } from './charge-confirmation.service.ts';
import { moveOrder, openOrderRecord } from './order-moves.ts';
import { type PricedOrder, priceOrder, priceTestPayment } from './order-pricing.ts';
import { orderTotal } from './order-views.ts';
import { findOrder, type OrderRow } from './orders.repository.ts';

/** What an order is for: a priced bill or recharge, or a test payment with no bill behind it. */
type OrderFacts = Pick<
  PricedOrder,
  'kind' | 'billerName' | 'customerParams' | 'amountPaise' | 'convenienceFeePaise'
> & {
  [K in 'billerId' | 'category' | 'billFetchId' | 'refId' | 'billNumber' | 'planId' | 'billKey']:
    | string
    | null;
};

/** What an order charges: bill amount, convenience fee and their total, in paise. */
export const chargeOf = (order: Pick<OrderRow, 'amountPaise' | 'convenienceFeePaise'>): Charge => ({
  amountPaise: order.amountPaise,
  convenienceFeePaise: order.convenienceFeePaise,
  totalPaise: orderTotal(order),
});

/** Why a bill cannot be paid now: paid, being paid, or being debited by AutoPay (decision 079). */
function refusalOf(holding: BillHold): string {
  if (!holding.inFlight) return paymentMessages.billAlreadyPaid;
  return isDebitId(holding.order.merchantOrderId)
    ? paymentMessages.autopayInProgress
    : paymentMessages.paymentInProgress;
}

/** The id gateways see: 'EP' + 20 letters and digits (fits PayU's 25 and PhonePe's 63 characters). */
const newMerchantOrderId = () => `EP${randomId(20)}`;

export interface HandOffsDeps {
  db: Database;
  charges: ChargeConfirmationService;
  logger: FastifyBaseLogger;
  handoffExpirySeconds: number;
}

/**
 * The generic half of every hand-off to a gateway (the gateway's own half is its plug-in): an order
 * priced by the server and guarded against paying a bill twice, then handed off or failed.
 */
export function createHandOffs(deps: HandOffsDeps) {
  const { db } = deps;

  /**
   * Refuses a second order for a bill that is paid or being paid (recharges: in flight for 10 minutes),
   * by the one rule of `bill-holds.ts`.
   * The customer's own hand-off that is still unpaid is answered instead when `mayReplace`: an
   * abandoned checkout gives way to the new one once the gateway confirms it was never paid.
   */
  async function refuseDoublePay(
    tx: Executor,
    facts: OrderFacts,
    userId: string,
    mayReplace: boolean,
  ): Promise<HoldingOrder | undefined> {
    if (!facts.billKey || facts.kind === 'test') return undefined;
    const holding = await lockedHoldOf(tx, facts.billKey, facts.kind);
    if (!holding) return undefined;
    const own = holding.order.userId === userId;
    if (own && mayReplace && holding.order.status === 'PAYMENT_PENDING') return holding.order;
    // Another account's order is not linked: its id would tell them nothing they may open.
    throw conflict(refusalOf(holding), own ? { existingOrderId: holding.order.id } : {});
  }

  /** Closes the customer's earlier unpaid hand-off if the gateway says so (asked outside any transaction). */
  async function releaseOwnUnpaid(holding: HoldingOrder): Promise<void> {
    const earlier = await findOrder(db, holding.id);
    if (!earlier) return;
    try {
      await deps.charges.releaseUnpaid(earlier);
    } catch (error) {
      if (!isGatewayFailure(error)) throw error;
      deps.logger.warn(
        { err: error, orderId: earlier.id },
        'could not check an earlier payment of this bill',
      );
    }
  }

  /**
   * Creates the order, refusing a double payment. `handedOff`: the hand-off cannot fail (a signed
   * form the server builds itself, as PayU's), so the order starts in PAYMENT_PENDING in the same
   * transaction, its CREATED step still recorded. The payer's contact is copied from the account by
   * the insert.
   */
  async function openOrder(
    payer: Payer,
    gateway: Gateway,
    facts: OrderFacts,
    options: { handedOff?: boolean } = {},
  ): Promise<OrderRow> {
    const trail: OrderStatus[] = options.handedOff ? ['CREATED', 'PAYMENT_PENDING'] : ['CREATED'];
    const row = {
      id: newId('ord'),
      merchantOrderId: newMerchantOrderId(),
      userId: payer.user.id,
      status: trail.at(-1) as OrderStatus,
      gateway,
      ...facts,
      customerIp: payer.ip,
    };
    const open = (mayReplace: boolean) =>
      db.transaction(async (tx) => {
        const ownUnpaid = await refuseDoublePay(tx, facts, payer.user.id, mayReplace);
        return ownUnpaid ? { ownUnpaid } : { order: await openOrderRecord(tx, row, trail) };
      });
    const first = await open(true);
    if (first.order) return first.order;
    await releaseOwnUnpaid(first.ownUnpaid);
    // Refused this time if the earlier hand-off still holds the bill.
    const second = await open(false);
    if (!second.order) throw new Error('an unpaid hand-off was offered for replacement twice');
    return second.order;
  }

  async function handedOff(order: OrderRow, gatewayOrderId?: string) {
    const set = gatewayOrderId ? { gatewayOrderId } : {};
    const moved = await db.transaction((tx) =>
      moveOrder(tx, order, 'PAYMENT_PENDING', { source: 'api', set }),
    );
    if (!moved) throw new Error(`order ${order.id} moved during its hand-off`);
    return moved;
  }

  /** The gateway refused or did not answer the hand-off: the order fails, the user is told to try again. */
  async function handOffFailed(order: OrderRow, error: unknown, message: string): Promise<never> {
    if (!isGatewayFailure(error)) throw error;
    deps.logger.warn({ err: error, orderId: order.id }, 'gateway hand-off failed');
    await db.transaction((tx) =>
      moveOrder(tx, order, 'PAYMENT_FAILED', {
        source: 'api',
        set: { failureReason: 'The payment provider could not start the payment' },
      }),
    );
    throw new AppError('BAD_GATEWAY', message);
  }

  /** The hand-off port of every plug-in; payments.module.ts adds its route parts (`userRoute`, ...). */
  const port: Pick<
    HandOffPort,
    'openBillOrder' | 'openTestOrder' | 'handedOff' | 'handOffFailed' | 'chargeOf' | 'handoffExpirySeconds'
  > = {
    async openBillOrder(payer, gateway, source, amount, options) {
      const priced = await priceOrder(db, payer.user.id, source, amount);
      const order = await openOrder(payer, gateway, priced, options);
      return { ...order, billerName: priced.billerName };
    },
    async openTestOrder(payer, gateway, amountPaise) {
      return openOrder(payer, gateway, {
        kind: 'test',
        billerId: null,
        billerName: 'Test payment',
        category: null,
        customerParams: [],
        billFetchId: null,
        refId: null,
        billNumber: null,
        planId: null,
        billKey: null,
        ...priceTestPayment(amountPaise),
      });
    },
    handedOff,
    handOffFailed,
    chargeOf,
    handoffExpirySeconds: deps.handoffExpirySeconds,
  };
  return port;
}
