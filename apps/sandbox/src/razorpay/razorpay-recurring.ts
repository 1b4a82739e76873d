import type {
  RazorpayCustomer,
  RazorpayOrderNotification,
  RazorpayRecurringDebitRecord,
  RazorpayRecurringOrder,
  RazorpayRecurringPayment,
  RazorpayToken,
  RazorpayWebhookEvent,
} from '@erti/protocols';
import { razorpayPaymentSignature } from '@erti/protocols';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { SandboxClock } from '../bou/clock.ts';
import { type Faults, shapedCallbacks } from '../faults/faults.ts';
import { registerClockControls } from '../gateway-kit/clock-controls.ts';
import { randomAlnum } from '../gateway-kit/ids.ts';
import type { RazorpayStore } from './razorpay-store.ts';

/** A debit's notice must reach the customer this long before the debit (RBI; Razorpay enforces it). */
export const RAZORPAY_NOTICE_SECONDS = 24 * 3600;

const customerSchema = z.object({
  name: z.string().max(50).optional(),
  email: z.email().max(64).optional(),
  contact: z.string().max(15).optional(),
  fail_existing: z.enum(['0', '1']).default('1'),
  notes: z.record(z.string(), z.string().max(256)).optional(),
});

const recurringPaymentSchema = z.object({
  email: z.string().max(254),
  contact: z.string().max(20),
  amount: z.number().int().min(100, 'The amount must be at least INR 1.00'),
  currency: z.literal('INR'),
  order_id: z.string(),
  customer_id: z.string(),
  token: z.string(),
  recurring: z.union([z.literal('1'), z.literal(1), z.literal(true)]),
  description: z.string().max(255).optional(),
  notes: z.record(z.string(), z.string().max(256)).optional(),
});

type Entities = {
  payment?: RazorpayRecurringPayment;
  order?: RazorpayRecurringOrder;
  token?: RazorpayToken;
};

export interface RecurringContext {
  /** The sandbox's one clock (decision 073): tokens and notices keep time by it. */
  clock: SandboxClock;
  store: RazorpayStore;
  faults: Faults;
  basicAuth: preHandlerAsyncHookHandler;
  keySecret: string;
  apiError(reply: FastifyReply, status: number, description: string, field?: string): FastifyReply;
  event(name: string, payload: Entities): RazorpayWebhookEvent;
  send(log: FastifyBaseLogger, events: RazorpayWebhookEvent[]): Promise<void>;
}

/**
 * Simulated Razorpay recurring payments (protocols: razorpay-recurring.ts): customers, tokens from
 * the authorisation payment, a debit's notice (an order with `notification`) and the recurring
 * payment on the token, token cancellation, their webhooks, and test controls: the recurring clock
 * (`/razorpay/_sandbox/clock`), settling debits in flight and a cancellation from the customer's
 * UPI app. Faults: `fail` on `/v1/orders` (the notice is not delivered) and on
 * `/v1/payments/create/recurring` (declined), `pending` on the latter (in flight until settled; with
 * `fail` too, it then fails), `lost` on both (no webhook), `duplicate` and `outOfOrder` on the latter
 * (its webhooks twice, or the notice's webhook after them).
 */
export function registerRazorpayRecurring(app: FastifyInstance, context: RecurringContext) {
  const { store, faults, basicAuth, apiError, clock } = context;
  const customers = new Map<string, RazorpayCustomer>();
  const tokens = new Map<string, RazorpayToken>();
  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  /** Each debit order's notice and attempts, on the clock, and how a payment in flight ends. */
  const records = new Map<string, RazorpayRecurringDebitRecord>();
  const settlesAs = new Map<string, 'captured' | 'failed'>();

  const tokenOf = (customerId: string, tokenId: string) => {
    const token = tokens.get(tokenId);
    return token?.customer_id === customerId ? token : undefined;
  };

  app.post('/razorpay/v1/customers', { preHandler: basicAuth }, async (request, reply) => {
    const parsed = customerSchema.safeParse(request.body ?? {});
    if (!parsed.success) return apiError(reply, 400, parsed.error.issues[0]?.message ?? 'Bad request');
    const body = parsed.data;
    const same = [...customers.values()].find(
      (customer) => customer.email === (body.email ?? null) && customer.contact === (body.contact ?? null),
    );
    if (same)
      return body.fail_existing === '0'
        ? same
        : apiError(reply, 400, 'Customer already exists for the merchant');
    const customer: RazorpayCustomer = {
      id: `cust_${randomAlnum(14)}`,
      entity: 'customer',
      name: body.name ?? null,
      email: body.email ?? null,
      contact: body.contact ?? null,
      notes: body.notes ?? [],
      created_at: seconds(),
    };
    customers.set(customer.id, customer);
    return customer;
  });

  app.get<{ Params: { customerId: string } }>(
    '/razorpay/v1/customers/:customerId/tokens',
    { preHandler: basicAuth },
    async (request, reply) => {
      if (!customers.has(request.params.customerId))
        return apiError(reply, 400, 'The id provided does not exist', 'id');
      const items = [...tokens.values()].filter((token) => token.customer_id === request.params.customerId);
      return { entity: 'collection', count: items.length, items };
    },
  );

  app.get<{ Params: { customerId: string; tokenId: string } }>(
    '/razorpay/v1/customers/:customerId/tokens/:tokenId',
    { preHandler: basicAuth },
    async (request, reply) =>
      tokenOf(request.params.customerId, request.params.tokenId) ??
      apiError(reply, 400, 'The id provided does not exist', 'id'),
  );

  /** Ends a live token: the merchant cancels it, or the customer does in their UPI app. */
  const cancel = async (log: FastifyBaseLogger, token: RazorpayToken) => {
    token.recurring_details = { status: 'cancelled', failure_reason: null };
    await context.send(log, [context.event('token.cancelled', { token })]);
    return token;
  };

  app.put<{ Params: { customerId: string; tokenId: string } }>(
    '/razorpay/v1/customers/:customerId/tokens/:tokenId/cancel',
    { preHandler: basicAuth },
    async (request, reply) => {
      const token = tokenOf(request.params.customerId, request.params.tokenId);
      if (!token) return apiError(reply, 400, 'The id provided does not exist', 'id');
      if (token.recurring_details.status !== 'confirmed')
        return apiError(reply, 400, `The token is ${token.recurring_details.status} and cannot be cancelled`);
      return cancel(request.log, token);
    },
  );

  app.post('/razorpay/v1/payments/create/recurring', { preHandler: basicAuth }, async (request, reply) => {
    const parsed = recurringPaymentSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return apiError(reply, 400, issue?.message ?? 'Bad request', issue?.path.join('.'));
    }
    const body = parsed.data;
    const order = store.order(body.order_id);
    const token = tokenOf(body.customer_id, body.token);
    if (!order || order.customer_id !== body.customer_id)
      return apiError(reply, 400, 'The order id provided does not exist', 'order_id');
    if (!token) return apiError(reply, 400, 'The token provided does not exist', 'token');
    if (token.recurring_details.status !== 'confirmed')
      return apiError(reply, 400, `The token is ${token.recurring_details.status}`, 'token');
    if (body.amount !== order.amount)
      return apiError(reply, 400, 'The amount does not match the order amount', 'amount');
    if (body.amount > token.max_amount)
      return apiError(reply, 400, 'The amount exceeds the maximum amount of the token', 'amount');
    if (order.status === 'paid') return apiError(reply, 400, 'This order has already been paid');
    if (order.notification?.status !== 'delivered')
      return apiError(reply, 400, 'The pre-debit notification of this order was not delivered');
    if (seconds() < order.notification.payment_after)
      return apiError(
        reply,
        400,
        'The payment cannot be created before notification.payment_after',
        'order_id',
      );
    const inFlight = store.paymentsOf(order.id).find((payment) => payment.status === 'created');
    const declined = faults.flag(request, 'fail');
    const status = faults.flag(request, 'pending') ? 'created' : declined ? 'failed' : 'captured';
    const payment =
      inFlight ??
      store.pay(order, {
        status,
        method: token.method === 'emandate' ? 'netbanking' : token.method,
        email: body.email,
        contact: body.contact,
        recurring: { customer_id: body.customer_id, token_id: token.id },
      });
    if (!inFlight) {
      records.get(order.id)?.attempts.push({ at: clock.now().getTime(), status });
      settlesAs.set(payment.id, declined ? 'failed' : 'captured');
    }
    const stale = [context.event('order.notification.delivered', { order })];
    if (!inFlight && status !== 'created')
      await context.send(
        request.log,
        shapedCallbacks(paymentEvents(payment), stale, faults.callbackFlags(request)),
      );
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: razorpayPaymentSignature(order.id, payment.id, context.keySecret),
    };
  });

  const paymentEvents = (payment: RazorpayRecurringPayment) => {
    const order = store.order(payment.order_id);
    return payment.status === 'captured'
      ? [context.event('payment.captured', { payment }), context.event('order.paid', { payment, order })]
      : [context.event('payment.failed', { payment })];
  };

  /** Test control: the customer cancels the mandate in their UPI app. */
  app.post<{ Params: { tokenId: string } }>(
    '/razorpay/_sandbox/tokens/:tokenId/cancel',
    async (request, reply) => {
      const token = tokens.get(request.params.tokenId);
      if (token?.recurring_details.status !== 'confirmed')
        return reply.status(404).send({ message: 'No live token with that id' });
      return cancel(request.log, token);
    },
  );

  /** Test control: every recurring debit in flight is captured now, or fails if a fault said so (sending its webhooks). */
  app.post('/razorpay/_sandbox/recurring/settle', async (request) => {
    const settled = store.inFlight();
    for (const payment of settled) {
      if (settlesAs.get(payment.id) === 'failed') store.fail(payment);
      else store.capture(payment);
      await context.send(request.log, paymentEvents(payment));
    }
    return { settled: settled.length };
  });

  /** Test control: every debit order's notice and attempts (times on the sandbox clock), for the chaos run's audit. */
  app.get('/razorpay/_sandbox/recurring/debits', async () => ({
    debits: [...records.values()].map((record) => {
      const token = tokens.get(record.tokenId);
      return { ...record, maxAmount: token?.max_amount ?? 0, tokenStatus: token?.recurring_details.status };
    }),
  }));

  registerClockControls(app, '/razorpay', clock);

  return {
    /**
     * What is wrong with a recurring order the merchant creates, if anything: an authorisation order
     * names a customer; a debit's notice names a live token of its customer, within its limit, and a
     * payment time at least 24 hours on.
     */
    orderProblem(
      order: Pick<RazorpayRecurringOrder, 'amount' | 'customer_id' | 'token'> & {
        notification?: RazorpayOrderNotification;
      },
    ) {
      if ((order.token || order.notification) && !customers.has(order.customer_id ?? ''))
        return 'customer_id: the id provided does not exist';
      if (!order.notification) return undefined;
      const token = tokenOf(order.customer_id ?? '', order.notification.token_id);
      if (token?.recurring_details.status !== 'confirmed') return 'notification.token_id: no live token';
      if (order.amount > token.max_amount) return 'amount: more than the maximum amount of the token';
      if (order.notification.payment_after < seconds() + RAZORPAY_NOTICE_SECONDS)
        return 'notification.payment_after must be at least 24 hours from now';
      return undefined;
    },

    /** The notice of a debit's order goes to the customer now (`delivered` false, `lost` webhook: faults). */
    async notify(
      log: FastifyBaseLogger,
      order: RazorpayRecurringOrder,
      faulted: { delivered: boolean; lost: boolean },
    ) {
      if (!order.notification) return;
      const { delivered } = faulted;
      order.notification = { ...order.notification, status: delivered ? 'delivered' : 'failed' };
      records.set(order.id, {
        orderId: order.id,
        receipt: order.receipt ?? null,
        amount: order.amount,
        tokenId: order.notification.token_id,
        maxAmount: 0,
        tokenStatus: '',
        notifiedAt: delivered ? clock.now().getTime() : null,
        paymentAfter: order.notification.payment_after * 1000,
        attempts: [],
      });
      const name = delivered ? 'order.notification.delivered' : 'order.notification.failed';
      if (!faulted.lost) await context.send(log, [context.event(name, { order })]);
    },

    /** What is wrong with a checkout of an authorisation order, if anything. */
    checkoutProblem(order: RazorpayRecurringOrder, fields: { customer_id?: string; recurring?: string }) {
      if (!order.token) return undefined;
      if (store.paymentsOf(order.id).some((payment) => payment.status === 'authorized'))
        return 'This mandate has already been authorised';
      if (fields.recurring !== '1') return 'recurring must be 1 for a mandate';
      return fields.customer_id === order.customer_id ? undefined : 'The customer does not match the order';
    },

    /**
     * The customer's answer to an authorisation order: approved, a token (confirmed) and an
     * authorised payment that is never captured (no fee for the mandate); declined, a failed payment.
     */
    authorise(
      order: RazorpayRecurringOrder,
      input: {
        approved: boolean;
        method: RazorpayRecurringPayment['method'];
        email: string;
        contact: string;
      },
    ) {
      const customerId = order.customer_id ?? '';
      const token: RazorpayToken | undefined =
        input.approved && order.token
          ? {
              id: `token_${randomAlnum(14)}`,
              entity: 'token',
              token: randomAlnum(14),
              method: 'upi',
              recurring: true,
              recurring_details: { status: 'confirmed', failure_reason: null },
              max_amount: order.token.max_amount,
              frequency: order.token.frequency,
              expired_at: order.token.expire_at,
              customer_id: customerId,
              created_at: seconds(),
            }
          : undefined;
      if (token) tokens.set(token.id, token);
      const payment = store.pay(order, {
        status: token ? 'authorized' : 'failed',
        method: input.method,
        email: input.email,
        contact: input.contact,
        ...(token ? { recurring: { customer_id: customerId, token_id: token.id } } : {}),
      });
      const events = token
        ? [context.event('payment.authorized', { payment }), context.event('token.confirmed', { token })]
        : [context.event('payment.failed', { payment })];
      return { payment, events };
    },
  };
}

export type RazorpayRecurring = ReturnType<typeof registerRazorpayRecurring>;
