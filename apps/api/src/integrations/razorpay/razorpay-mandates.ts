import { MANDATE_AUTHORISATION_PAISE } from '@erti/contracts';
import {
  type RazorpayCustomer,
  type RazorpayError,
  type RazorpayRecurringOrder,
  type RazorpayRecurringOrderRequest,
  type RazorpayRecurringPayment,
  type RazorpayToken,
  type RazorpayTokenFrequency,
  razorpayDebitRetryable,
} from '@erti/protocols';
import {
  type DebitCheck,
  type DebitNotice,
  type DebitRef,
  type MandateFrequency,
  type MandateGateway,
  type MandateRef,
  type MandateRefusal,
  MandateRefusedError,
  type MandateState,
  type MandateStatus,
} from '../mandate-gateway.ts';
import {
  amountInAnswer,
  expectOk,
  type GatewayAnswer,
  GatewayAnswerUnreadableError,
} from '../payment-gateway.ts';
import type { RazorpayGateway } from './razorpay-gateway.ts';

/** The authorisation payment: ₹1, authorised and never captured (Razorpay voids it: no fee). */
const AUTHORISATION_PAISE = MANDATE_AUTHORISATION_PAISE.razorpay;
/** RBI's 24 hours, and a minute for the clocks of two systems to differ. */
const NOTICE_MS = 24 * 3_600_000 + 60_000;

const frequencies: Record<MandateFrequency, RazorpayTokenFrequency> = {
  AS_PRESENTED: 'as_presented',
  MONTHLY: 'monthly',
  BIMONTHLY: 'bimonthly',
  QUARTERLY: 'quarterly',
  YEARLY: 'yearly',
};

/** A token's recurring status → a mandate's: the one place they are mapped. */
const tokenStates: Record<string, MandateState> = {
  initiated: 'PENDING',
  confirmed: 'ACTIVE',
  paused: 'PAUSED',
  cancelled: 'CANCELLED',
  rejected: 'FAILED',
};

const noticeStates: Record<string, DebitNotice['state']> = {
  pending: 'NOTIFYING',
  delivered: 'NOTIFIED',
  failed: 'FAILED',
};

/** Razorpay's refusals AutoPay acts on, by the words of their description. */
const refusals: [RegExp, MandateRefusal][] = [
  [/payment_after|at least 24 hours/i, 'TOO_EARLY'],
  [/maximum amount/i, 'ABOVE_MANDATE_LIMIT'],
  [/no live token|token is|token provided/i, 'MANDATE_NOT_ACTIVE'],
  [/notification .*not delivered/i, 'NOT_NOTIFIED'],
];

const seconds = (at: Date) => Math.ceil(at.getTime() / 1000);

function okOrRefused<T>(path: string, answer: GatewayAnswer): T {
  const description = (answer.body as RazorpayError | undefined)?.error?.description ?? '';
  const reason = answer.status === 400 ? refusals.find(([words]) => words.test(description))?.[1] : undefined;
  if (reason) throw new MandateRefusedError('razorpay', reason, description);
  return expectOk<T>('razorpay', path, answer);
}

function mapped<T>(map: Record<string, T>, word: unknown, path: string, field: string, answer: unknown): T {
  const value = typeof word === 'string' && Object.hasOwn(map, word) ? map[word] : undefined;
  if (value === undefined)
    throw new GatewayAnswerUnreadableError('razorpay', path, `status (${field})`, answer);
  return value;
}

interface Collection<T> {
  count: number;
  items: T[];
}

/**
 * Razorpay recurring payments (UPI AutoPay) behind the mandate interface (decision 075): a customer and
 * an authorisation order with a token block, the checkout form with `recurring=1`, the token it
 * yields, a debit's order with its notice, the recurring payment on the token, and token cancellation.
 * Razorpay's orders take no idempotency key: our debit id is the receipt, looked up before creating.
 */
export function createRazorpayMandates(
  razorpay: RazorpayGateway,
  now: () => Date = () => new Date(),
): MandateGateway {
  /** Razorpay's orders carrying our id as receipt (its orders take no idempotency key). */
  const ordersWithReceipt = async (receipt: string) =>
    (
      await razorpay.api<Collection<RazorpayRecurringOrder>>(
        'GET',
        `/orders?receipt=${encodeURIComponent(receipt)}`,
      )
    ).items;

  /** The token the authorisation yielded, if the customer has authorised. */
  async function tokenOf(mandate: MandateRef): Promise<RazorpayToken | undefined> {
    const { customerId, setupOrderId } = mandate.gatewayRefs;
    let tokenId = mandate.gatewayRefs.tokenId;
    if (!tokenId) {
      const payments = await razorpay.api<Collection<RazorpayRecurringPayment>>(
        'GET',
        `/orders/${encodeURIComponent(setupOrderId)}/payments`,
      );
      tokenId = payments.items.find((payment) => payment.token_id)?.token_id;
    }
    if (!tokenId) return undefined;
    return razorpay.api<RazorpayToken>(
      'GET',
      `/customers/${encodeURIComponent(customerId ?? '')}/tokens/${encodeURIComponent(tokenId)}`,
    );
  }

  async function status(mandate: MandateRef): Promise<MandateStatus> {
    const token = await tokenOf(mandate);
    if (!token)
      return { state: 'PENDING', gatewayRefs: mandate.gatewayRefs, providerStatus: 'not authorised yet' };
    const path = `/customers/${mandate.gatewayRefs.customerId}/tokens/${token.id}`;
    const state = mapped(
      tokenStates,
      token.recurring_details?.status,
      path,
      'recurring_details.status',
      token,
    );
    const expired = state === 'ACTIVE' && token.expired_at * 1000 <= now().getTime();
    return {
      state: expired ? 'EXPIRED' : state,
      maxAmountPaise: amountInAnswer(token.max_amount, {
        gateway: 'razorpay',
        path,
        field: 'max_amount',
        answer: token,
        unit: 'paise',
      }),
      gatewayRefs: { ...mandate.gatewayRefs, tokenId: token.id },
      providerStatus: token.recurring_details.status,
    };
  }

  async function checkDebit(debit: DebitRef): Promise<DebitCheck> {
    const path = `/orders/${encodeURIComponent(debit.gatewayOrderId)}`;
    const order = await razorpay.api<RazorpayRecurringOrder>('GET', path);
    const notice = mapped(noticeStates, order.notification?.status, path, 'notification.status', order);
    const { items } = await razorpay.api<Collection<RazorpayRecurringPayment>>('GET', `${path}/payments`);
    const captured = items.find((payment) => payment.status === 'captured' || payment.status === 'refunded');
    const inFlight = items.find((payment) => payment.status === 'created' || payment.status === 'authorized');
    const unknown = items.find(
      (payment) => !['captured', 'refunded', 'created', 'authorized', 'failed'].includes(payment.status),
    );
    if (unknown)
      throw new GatewayAnswerUnreadableError('razorpay', `${path}/payments`, 'status (status)', unknown);
    const latest = captured ?? inFlight ?? items.at(-1);
    const state: DebitCheck['state'] = captured
      ? 'COMPLETED'
      : inFlight
        ? 'PENDING'
        : latest
          ? 'FAILED'
          : notice === 'NOTIFIED'
            ? 'NOT_ATTEMPTED'
            : notice === 'FAILED'
              ? 'FAILED'
              : 'NOTIFYING';
    return {
      state,
      amountPaise: amountInAnswer(latest?.amount ?? order.amount, {
        gateway: 'razorpay',
        path,
        field: 'amount',
        answer: latest ?? order,
        unit: 'paise',
      }),
      paymentId: latest?.id,
      attempts: items.length,
      retryable: state === 'FAILED' && razorpayDebitRetryable(order, items.length, seconds(now())),
      providerStatus: latest ? latest.status : `notification ${order.notification?.status}`,
    };
  }

  return {
    name: 'razorpay',

    async setUp(setup) {
      const customer = await razorpay.api<RazorpayCustomer>('POST', '/customers', {
        name: setup.customer.name.slice(0, 50),
        email: setup.customer.email,
        contact: setup.customer.contact,
        fail_existing: '0',
      });
      const request: RazorpayRecurringOrderRequest = {
        amount: AUTHORISATION_PAISE,
        currency: 'INR',
        receipt: setup.setupOrderId,
        customer_id: customer.id,
        method: 'upi',
        payment_capture: false,
        token: {
          max_amount: setup.maxAmountPaise,
          expire_at: seconds(setup.validUntil),
          frequency: frequencies[setup.frequency],
        },
        notes: { mandateId: setup.mandateId },
      };
      // Set up again (a retried request): the authorisation order with our setup id is the first one.
      const order =
        (await ordersWithReceipt(setup.setupOrderId))[0] ??
        (await razorpay.api<RazorpayRecurringOrder>('POST', '/orders', request));
      if (typeof customer?.id !== 'string' || typeof order?.id !== 'string')
        throw new GatewayAnswerUnreadableError('razorpay', '/orders', 'id (customer.id, order.id)', {
          customer,
          order,
        });
      return {
        mandate: {
          mandateId: setup.mandateId,
          gatewayRefs: { setupOrderId: order.id, customerId: customer.id },
        },
        handOff: {
          method: 'POST',
          url: razorpay.checkoutUrl,
          fields: {
            key_id: razorpay.keyId,
            order_id: order.id,
            customer_id: customer.id,
            recurring: '1',
            name: 'Erti Pay',
            description: setup.description.slice(0, 250),
            'prefill[name]': setup.customer.name,
            'prefill[email]': setup.customer.email,
            'prefill[contact]': setup.customer.contact,
            callback_url: setup.returnUrl,
            cancel_url: setup.returnUrl,
          },
        },
      };
    },

    status,

    async notify(mandate, debit) {
      const tokenId = mandate.gatewayRefs.tokenId ?? (await status(mandate)).gatewayRefs.tokenId;
      if (!tokenId) throw new MandateRefusedError('razorpay', 'MANDATE_NOT_ACTIVE', 'not authorised yet');
      const paymentAfter = new Date(Math.max(debit.debitAt.getTime(), now().getTime() + NOTICE_MS));
      // No idempotency key at Razorpay: an order with our debit id as receipt is the earlier notice.
      const earlier = await ordersWithReceipt(debit.debitId);
      const request: RazorpayRecurringOrderRequest = {
        amount: debit.amountPaise,
        currency: 'INR',
        receipt: debit.debitId,
        customer_id: mandate.gatewayRefs.customerId,
        method: 'upi',
        payment_capture: true,
        notification: { token_id: tokenId, payment_after: seconds(paymentAfter) },
        notes: { mandateId: mandate.mandateId, description: debit.description.slice(0, 250) },
      };
      const order =
        earlier[0] ??
        okOrRefused<RazorpayRecurringOrder>('/orders', await razorpay.call('POST', '/orders', request));
      const path = `/orders/${order.id}`;
      return {
        state: mapped(noticeStates, order.notification?.status, path, 'notification.status', order),
        gatewayOrderId: order.id,
        debitableFrom: new Date((order.notification?.payment_after ?? seconds(paymentAfter)) * 1000),
        providerStatus: `notification ${order.notification?.status}`,
      };
    },

    async debit(debit) {
      const before = await checkDebit(debit);
      if (before.state === 'COMPLETED' || before.state === 'PENDING') return before;
      if (before.state === 'NOTIFYING' || (before.state === 'FAILED' && before.attempts === 0))
        throw new MandateRefusedError('razorpay', 'NOT_NOTIFIED', before.providerStatus);
      if (before.state === 'FAILED' && !before.retryable)
        throw new MandateRefusedError('razorpay', 'RETRIES_EXHAUSTED', before.providerStatus);
      const tokenId = debit.mandate.gatewayRefs.tokenId ?? (await status(debit.mandate)).gatewayRefs.tokenId;
      const path = '/payments/create/recurring';
      const answer = await razorpay.call('POST', path, {
        email: debit.customer.email,
        contact: debit.customer.contact,
        amount: debit.amountPaise,
        currency: 'INR',
        order_id: debit.gatewayOrderId,
        customer_id: debit.mandate.gatewayRefs.customerId,
        token: tokenId,
        recurring: '1',
        description: 'AutoPay',
      });
      okOrRefused(path, answer);
      return checkDebit(debit);
    },

    checkDebit,

    nextRetryAt: (at) => at,

    async cancel(mandate) {
      const before = await status(mandate);
      const { customerId, tokenId } = before.gatewayRefs;
      if (before.state !== 'ACTIVE' && before.state !== 'PAUSED') return before;
      const path = `/customers/${encodeURIComponent(customerId ?? '')}/tokens/${encodeURIComponent(tokenId ?? '')}/cancel`;
      const answer = await razorpay.call('PUT', path);
      const after = await status(mandate);
      if (after.state === 'CANCELLED' || after.state === 'EXPIRED') return after;
      return expectOk<never>('razorpay', path, answer);
    },
  };
}
