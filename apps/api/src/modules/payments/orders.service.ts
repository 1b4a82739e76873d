import {
  type Charge,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type Gateway,
  messages,
  type OrderDetail,
  type OrderStatus,
  type OrdersResponse,
  type PaymentSource,
  type PaymentStatusResponse,
  type PayuHashRequest,
  type PayuHashResponse,
  type PhonepePayRequest,
  type PhonepePayResponse,
  paymentMessages,
  type QuoteResponse,
} from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isGatewayFailure } from '../../integrations/payment-gateway.ts';
import type { PayuGateway } from '../../integrations/payu/payu-gateway.ts';
import type { PhonepeGateway } from '../../integrations/phonepe/phonepe-gateway.ts';
import type { RazorpayGateway } from '../../integrations/razorpay/razorpay-gateway.ts';
import { newId, randomId } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { ChargeConfirmationService } from './charge-confirmation.service.ts';
import { moveOrder, openOrderRecord } from './order-moves.ts';
import { type PricedOrder, priceOrder, priceTestPayment } from './order-pricing.ts';
import { inFlightStatuses } from './order-state.ts';
import { orderTotal, toOrderDetail, toOrderSummary, toPaymentStatusResponse } from './order-views.ts';
import {
  findHoldingOrder,
  findOrder,
  findOrderByAnyId,
  type HoldingOrder,
  listEvents,
  listRefunds,
  listUserOrders,
  lockBill,
  type OrderRow,
} from './payments.repository.ts';
import { buildReceiptPdf } from './receipt-pdf.ts';

/** Recharges of the same number and plan in flight within this window are refused as duplicates. */
export const RECHARGE_DUPLICATE_WINDOW_MS = 10 * 60_000;
/**
 * How long PhonePe keeps the checkout open: 5 minutes less than our own hand-off expiry, so that
 * PhonePe has refused any payment before we close the order (within PhonePe's 300 to 3600 s).
 */
const phonepeExpireAfterSeconds = (handoffExpirySeconds: number) =>
  Math.min(3600, Math.max(300, handoffExpirySeconds - 300));

export interface OrdersDeps {
  db: Database;
  config: Config;
  payu: PayuGateway;
  phonepe: PhonepeGateway;
  razorpay: RazorpayGateway;
  charges: ChargeConfirmationService;
  logger: FastifyBaseLogger;
}

/** Who is paying and from where. */
export interface Payer {
  user: AuthUser;
  ip: string;
}

/** What an order is for: a priced bill or recharge, or a test payment with no bill behind it. */
type OrderFacts = Pick<
  PricedOrder,
  'kind' | 'billerName' | 'customerParams' | 'amountPaise' | 'convenienceFeePaise'
> & {
  [K in 'billerId' | 'category' | 'billFetchId' | 'refId' | 'billNumber' | 'planId' | 'billKey']:
    | string
    | null;
};

const chargeOf = (order: Pick<OrderRow, 'amountPaise' | 'convenienceFeePaise'>): Charge => ({
  amountPaise: order.amountPaise,
  convenienceFeePaise: order.convenienceFeePaise,
  totalPaise: orderTotal(order),
});

/** The id gateways see: 'EP' + 20 letters and digits (fits PayU's 25 and PhonePe's 63 characters). */
const newMerchantOrderId = () => `EP${randomId(20)}`;

const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
};

/**
 * The user-facing side of payments: quotes, creating an order before any hand-off (priced by the
 * server, guarded against paying a bill twice), the three gateway hand-offs, the status poll, the
 * user's orders and receipts.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db, config } = deps;

  /**
   * Refuses a second order for a bill that is paid or being paid (recharges: in flight for 10 minutes).
   * The customer's own hand-off that is still unpaid is answered instead when `mayReplace`: an
   * abandoned checkout gives way to the new one once the gateway confirms it was never paid.
   */
  async function refuseDoublePay(
    tx: Executor,
    facts: OrderFacts,
    userId: string,
    mayReplace: boolean,
  ): Promise<HoldingOrder | undefined> {
    if (!facts.billKey) return undefined;
    await lockBill(tx, facts.billKey);
    const holding = await findHoldingOrder(tx, facts.billKey, {
      inFlight: inFlightStatuses,
      inFlightSince:
        facts.kind === 'recharge' ? new Date(Date.now() - RECHARGE_DUPLICATE_WINDOW_MS) : undefined,
      paidToo: facts.kind === 'bill',
    });
    if (!holding) return undefined;
    const own = holding.order.userId === userId;
    if (own && mayReplace && holding.order.status === 'PAYMENT_PENDING') return holding.order;
    // Another account's order is not linked: its id would tell them nothing they may open.
    throw conflict(
      holding.inFlight ? paymentMessages.paymentInProgress : paymentMessages.billAlreadyPaid,
      own ? { existingOrderId: holding.order.id } : {},
    );
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
   * Creates the order, refusing a double payment. `handedOff`: the hand-off cannot fail (PayU's is a
   * signed form we build ourselves), so the order starts in PAYMENT_PENDING in the same transaction,
   * its CREATED step still recorded. The payer's contact is copied from the account by the insert.
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

  async function handedOff(order: OrderRow, set: Partial<Pick<OrderRow, 'gatewayOrderId'>> = {}) {
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

  async function ownOrder(user: AuthUser, id: string): Promise<OrderRow> {
    const order = await findOrderByAnyId(db, id);
    if (!order || (order.userId !== user.id && user.role !== 'merchant')) throw notFound('Order not found');
    return order;
  }

  return {
    async quote(user: AuthUser, body: PaymentSource & { amount?: number | string }): Promise<QuoteResponse> {
      const priced = await priceOrder(db, user.id, body, body.amount);
      return {
        ...chargeOf(priced),
        kind: priced.kind,
        billerId: priced.billerId,
        billerName: priced.billerName,
        category: priced.category,
        customerParams: priced.customerParams,
      };
    },

    async startPayu(payer: Payer, body: PayuHashRequest): Promise<PayuHashResponse> {
      const priced = await priceOrder(db, payer.user.id, body, body.amount);
      const order = await openOrder(payer, 'payu', priced, { handedOff: true });
      const account = order.payer ?? {};
      const name = splitName(account.name ?? '');
      const fields = deps.payu.checkoutFields({
        txnid: order.merchantOrderId,
        amountPaise: orderTotal(order),
        productinfo: priced.billerName.slice(0, 100),
        firstname: (body.firstname?.trim() || name.first || 'Customer').slice(0, 60),
        lastname: (body.lastname?.trim() || name.last).slice(0, 60),
        email: (body.email?.trim() || account.email || '').slice(0, 50),
        phone: (body.phone?.trim() || account.phone || '').slice(0, 20),
        udf1: payer.user.id,
        surl: `${config.PUBLIC_URL}/api/payu/payment-success`,
        furl: `${config.PUBLIC_URL}/api/payu/payment-failure`,
      });
      return {
        txnid: fields.txnid,
        hash: fields.hash,
        orderId: order.id,
        action: deps.payu.paymentUrl,
        fields,
        charge: chargeOf(order),
      };
    },

    async startPhonepe(payer: Payer, body: PhonepePayRequest): Promise<PhonepePayResponse> {
      const priced = await priceOrder(db, payer.user.id, body, body.amount);
      const order = await openOrder(payer, 'phonepe', priced);
      let redirectUrl: string;
      let gatewayOrderId: string;
      try {
        const answer = await deps.phonepe.pay({
          merchantOrderId: order.merchantOrderId,
          amount: orderTotal(order),
          expireAfter: phonepeExpireAfterSeconds(config.HANDOFF_EXPIRY_SECONDS),
          metaInfo: { udf1: order.id, udf2: priced.billerName.slice(0, 250) },
          paymentFlow: {
            type: 'PG_CHECKOUT',
            merchantUrls: { redirectUrl: `${config.PUBLIC_URL}/phonepe/status/${order.merchantOrderId}` },
          },
        });
        redirectUrl = answer.redirectUrl;
        gatewayOrderId = answer.orderId;
      } catch (error) {
        return handOffFailed(order, error, messages.errors.phonepeInit);
      }
      await handedOff(order, { gatewayOrderId });
      return {
        redirectUrl,
        merchantOrderId: order.merchantOrderId,
        orderId: order.id,
        charge: chargeOf(order),
      };
    },

    /** The test payment page through Razorpay: the amount asked for, no bill behind it. */
    async startRazorpayTest(payer: Payer, body: CreateOrderRequest): Promise<CreateOrderResponse> {
      const priced = priceTestPayment(body.amount);
      const order = await openOrder(payer, 'razorpay', {
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
        ...priced,
      });
      let razorpayOrderId: string;
      try {
        const notes = Object.fromEntries(Object.entries(body.notes ?? {}).slice(0, 12));
        const created = await deps.razorpay.createOrder({
          amount: priced.amountPaise,
          currency: 'INR',
          receipt: order.merchantOrderId,
          notes: { ...notes, orderId: order.id, receipt: body.receipt },
        });
        razorpayOrderId = created.id;
      } catch (error) {
        return handOffFailed(order, error, messages.errors.createOrderFailed);
      }
      await handedOff(order, { gatewayOrderId: razorpayOrderId });
      return {
        id: razorpayOrderId,
        amount: priced.amountPaise,
        currency: 'INR',
        receipt: body.receipt,
        keyId: deps.razorpay.keyId,
        checkoutUrl: deps.razorpay.checkoutUrl,
        callbackUrl: `${config.PUBLIC_URL}/api/razorpay/callback`,
        cancelUrl: `${config.PUBLIC_URL}/payment-failure?orderId=${order.id}`,
        orderId: order.id,
      };
    },

    /** The status modal's poll: asks the gateway while the payment is undecided (idempotent). */
    async paymentStatus(user: AuthUser, merchantOrderId: string): Promise<PaymentStatusResponse> {
      let order = await ownOrder(user, merchantOrderId);
      if (order.status === 'PAYMENT_PENDING') {
        try {
          order = (await deps.charges.confirmCharge(order.id, 'status-poll')) ?? order;
        } catch (error) {
          if (!isGatewayFailure(error)) throw error;
          deps.logger.warn({ err: error, orderId: order.id }, 'status poll could not reach the gateway');
        }
      }
      // Only a refund's wording depends on how the order got there.
      const refunding = order.status === 'BILL_FAILED' || order.status === 'REFUND_PENDING';
      const events = refunding ? await listEvents(db, order.id) : [];
      return toPaymentStatusResponse(order, await listRefunds(db, order.id), events);
    },

    async listOrders(user: AuthUser, page: number, pageSize: number): Promise<OrdersResponse> {
      const { rows, total } = await listUserOrders(db, user.id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { orders: rows.map(toOrderSummary), total, page, pageSize };
    },

    async orderDetail(user: AuthUser, orderId: string): Promise<OrderDetail> {
      const order = await ownOrder(user, orderId);
      return toOrderDetail(order, await listEvents(db, order.id), await listRefunds(db, order.id));
    },

    async receipt(user: AuthUser, orderId: string): Promise<Buffer> {
      const order = await ownOrder(user, orderId);
      return buildReceiptPdf(order, await listRefunds(db, order.id));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
