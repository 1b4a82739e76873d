import { timingSafeEqual } from 'node:crypto';
import {
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRecurringWebhookEventName,
  type RazorpayRefund,
  type RazorpayToken,
  type RazorpayWebhookEvent,
  type RazorpayWebhookEventName,
  razorpayPaymentSignature,
  razorpayWebhookSignature,
} from '@erti/protocols';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { autoPostPage, escapeHtml, factList, htmlPage, outcomeButtons, rupees } from '../gateway-kit/html.ts';
import { randomAlnum } from '../gateway-kit/ids.ts';
import { notify } from '../gateway-kit/outbound.ts';
import type { SandboxGateway } from '../gateway-kit/sandbox-gateway.ts';
import type { SandboxConfig, SandboxSystem } from '../modules.ts';
import { registerRazorpayRecurring } from './razorpay-recurring.ts';
import { RazorpayStore } from './razorpay-store.ts';

const brand = { brand: 'Razorpay', colour: '#1d4ed8' };

const orderRequestSchema = z.object({
  amount: z.number().int().min(100, 'The amount must be at least INR 1.00'),
  currency: z.literal('INR').default('INR'),
  receipt: z.string().max(40, 'receipt: the length must be no more than 40.'),
  notes: z.record(z.string(), z.string().max(256)).optional(),
  partial_payment: z.boolean().optional(),
  // Recurring payments: the authorisation order's token (the mandate), or a debit's notice.
  customer_id: z.string().optional(),
  method: z.enum(['upi', 'card', 'emandate']).optional(),
  payment_capture: z.boolean().optional(),
  token: z
    .object({
      max_amount: z.number().int().min(100),
      expire_at: z.number().int(),
      frequency: z.enum([
        'daily',
        'weekly',
        'fortnightly',
        'monthly',
        'bimonthly',
        'quarterly',
        'half_yearly',
        'yearly',
        'as_presented',
      ]),
    })
    .optional(),
  notification: z.object({ token_id: z.string(), payment_after: z.number().int() }).optional(),
});

const refundRequestSchema = z.object({
  amount: z.number().int().min(100, 'The amount must be at least INR 1.00').optional(),
  speed: z.enum(['normal', 'optimum']).default('normal'),
  receipt: z.string().max(40).optional(),
  notes: z.record(z.string(), z.string().max(256)).optional(),
});

/** The hosted checkout form the merchant's page posts (bracketed names as browsers send them). */
const checkoutSchema = z.object({
  key_id: z.string(),
  order_id: z.string(),
  amount: z.coerce.number().int().optional(),
  name: z.string().max(200).optional(),
  description: z.string().max(500).optional(),
  'prefill[name]': z.string().max(200).optional(),
  'prefill[email]': z.string().max(254).optional(),
  'prefill[contact]': z.string().max(20).optional(),
  callback_url: z.url(),
  cancel_url: z.url().optional(),
  customer_id: z.string().optional(),
  recurring: z.string().optional(),
});
type Checkout = z.infer<typeof checkoutSchema>;

const outcomeSchema = z.object({
  outcome: z.enum(['success', 'failure', 'cancel']),
  method: z.enum(['card', 'upi', 'netbanking', 'wallet']).optional(),
});

const apiError = (reply: FastifyReply, status: number, description: string, field?: string) =>
  reply.status(status).send({
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field: field ?? null,
    },
  });

function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

function webhookEvent(
  event: RazorpayWebhookEventName | RazorpayRecurringWebhookEventName,
  payload: {
    payment?: RazorpayPayment;
    order?: RazorpayOrder;
    refund?: RazorpayRefund;
    token?: RazorpayToken;
  },
): RazorpayWebhookEvent {
  const entities = Object.fromEntries(
    Object.entries(payload)
      .filter(([, entity]) => entity)
      .map(([name, entity]) => [name, { entity }]),
  );
  return {
    entity: 'event',
    account_id: 'acc_ErtiPaySandbox1',
    event,
    contains: Object.keys(entities),
    payload: entities,
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** Sends webhooks signed with the webhook secret; `duplicate` repeats one with the same event id. */
async function sendWebhooks(
  log: FastifyBaseLogger,
  config: SandboxConfig,
  events: RazorpayWebhookEvent[],
  duplicate = false,
) {
  const deliveries = events.map((event) => ({ id: `evt_${randomAlnum(14)}`, body: JSON.stringify(event) }));
  const last = deliveries.at(-1);
  if (duplicate && last) deliveries.push(last);
  for (const delivery of deliveries) {
    await notify(log, {
      url: config.razorpayWebhookUrl,
      body: delivery.body,
      headers: {
        'x-razorpay-signature': razorpayWebhookSignature(delivery.body, config.razorpayWebhookSecret),
        'x-razorpay-event-id': delivery.id,
      },
    });
  }
}

/** A checkout's payment of an ordinary order, and its webhooks. */
function checkoutPayment(
  store: RazorpayStore,
  order: RazorpayOrder,
  paid: boolean,
  attempt: { method: RazorpayPayment['method']; email: string; contact: string },
) {
  const payment = store.pay(order, { status: paid ? 'captured' : 'failed', ...attempt });
  const events = paid
    ? [webhookEvent('payment.captured', { payment }), webhookEvent('order.paid', { payment, order })]
    : [webhookEvent('payment.failed', { payment })];
  return { payment, events };
}

function checkoutPage(order: RazorpayOrder, checkout: Checkout): string {
  const facts = factList([
    ['Merchant', checkout.name ?? ''],
    ['For', checkout.description ?? ''],
    ['Amount', rupees(order.amount)],
    ['E-mail', checkout['prefill[email]'] ?? ''],
    ['Contact', checkout['prefill[contact]'] ?? ''],
  ]);
  const fields = Object.fromEntries(
    Object.entries(checkout).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const method = `<label for="method">Method</label>
<select id="method" name="method"><option value="upi">UPI</option><option value="card">Card</option>
<option value="netbanking">Net banking</option><option value="wallet">Wallet</option></select>`;
  const form = outcomeButtons({
    action: `/razorpay/v1/checkout/embedded/${encodeURIComponent(order.id)}`,
    fields,
    outcomes: [
      { value: 'success', label: 'Success' },
      { value: 'failure', label: 'Failure', style: 'danger' },
      { value: 'cancel', label: 'Cancel', style: 'secondary' },
    ],
  }).replace('<fieldset>', `<fieldset>${method}`);
  return htmlPage({
    ...brand,
    title: 'Razorpay: checkout',
    body: `<h1>Pay ${escapeHtml(rupees(order.amount))}</h1>${facts}${form}`,
  });
}

/**
 * Simulated Razorpay: Basic-auth orders, payments and refunds; the hosted checkout that posts the
 * `razorpay_*` triple (or `error[...]`) to callback_url; signed webhooks (faults: `duplicate`,
 * `outOfOrder`, `fail`). protocols.md §3.
 */
export const razorpaySystem: SandboxSystem = async (app: FastifyInstance, { config, faults, clock }) => {
  const store = new RazorpayStore();

  const advance = async (log: FastifyBaseLogger, force = false) => {
    const processed = store.advance(Date.now(), force);
    if (processed.length > 0)
      await sendWebhooks(
        log,
        config,
        processed.map((refund) => webhookEvent('refund.processed', { refund })),
      );
  };

  const basicAuth = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const decoded = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8')
      : '';
    const separator = decoded.indexOf(':');
    const keyId = decoded.slice(0, separator);
    const secret = decoded.slice(separator + 1);
    if (separator < 0 || keyId !== config.razorpayKeyId || !sameSecret(secret, config.razorpayKeySecret))
      return apiError(reply, 401, 'Authentication failed');
  };

  const recurring = registerRazorpayRecurring(app, {
    clock,
    store,
    faults,
    basicAuth,
    keySecret: config.razorpayKeySecret,
    apiError,
    event: webhookEvent,
    send: (log, events) => sendWebhooks(log, config, events),
  });

  app.post('/razorpay/v1/orders', { preHandler: basicAuth }, async (request, reply) => {
    const parsed = orderRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return apiError(reply, 400, issue?.message ?? 'Bad request', issue?.path.join('.'));
    }
    const problem = recurring.orderProblem(parsed.data);
    if (problem) return apiError(reply, 400, problem);
    const { notification, ...rest } = parsed.data;
    const order = store.createOrder({
      ...rest,
      ...(notification ? { notification: { ...notification, status: 'pending' as const } } : {}),
    });
    if (order.notification)
      await recurring.notify(request.log, order, {
        delivered: !faults.flag(request, 'fail'),
        lost: faults.flag(request, 'lost'),
      });
    return order;
  });

  app.get<{ Querystring: { receipt?: string } }>(
    '/razorpay/v1/orders',
    { preHandler: basicAuth },
    async (request) => {
      const items = store.orders(request.query.receipt);
      return { entity: 'collection', count: items.length, items };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/razorpay/v1/orders/:id',
    { preHandler: basicAuth },
    async (request, reply) => {
      const order = store.order(request.params.id);
      return order ?? apiError(reply, 400, 'The id provided does not exist', 'id');
    },
  );

  app.get<{ Params: { id: string } }>(
    '/razorpay/v1/orders/:id/payments',
    { preHandler: basicAuth },
    async (request, reply) => {
      if (!store.order(request.params.id))
        return apiError(reply, 400, 'The id provided does not exist', 'id');
      const items = store.paymentsOf(request.params.id);
      return { entity: 'collection', count: items.length, items };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/razorpay/v1/payments/:id',
    { preHandler: basicAuth },
    async (request, reply) => {
      const payment = store.payment(request.params.id);
      return payment ?? apiError(reply, 400, 'The id provided does not exist', 'id');
    },
  );

  app.post<{ Params: { id: string } }>(
    '/razorpay/v1/payments/:id/refund',
    { preHandler: basicAuth },
    async (request, reply) => {
      const payment = store.payment(request.params.id);
      if (!payment) return apiError(reply, 400, 'The id provided does not exist', 'id');
      const parsed = refundRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) return apiError(reply, 400, parsed.error.issues[0]?.message ?? 'Bad request');
      if (payment.status !== 'captured') return apiError(reply, 400, 'The payment has not been captured');
      const left = store.ledger.refundable(payment.order_id);
      const amount = parsed.data.amount ?? left;
      if (amount <= 0 || amount > left)
        return apiError(reply, 400, 'The refund amount provided is greater than amount captured', 'amount');
      return store.addRefund(payment, { ...parsed.data, amount });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/razorpay/v1/payments/:id/refunds',
    { preHandler: basicAuth },
    async (request, reply) => {
      await advance(request.log);
      if (!store.payment(request.params.id))
        return apiError(reply, 400, 'The id provided does not exist', 'id');
      const items = store.refundsOf(request.params.id);
      return { entity: 'collection', count: items.length, items };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/razorpay/v1/refunds/:id',
    { preHandler: basicAuth },
    async (request, reply) => {
      await advance(request.log);
      const refund = store.refund(request.params.id);
      return refund ?? apiError(reply, 400, 'The id provided does not exist', 'id');
    },
  );

  const checkoutError = (reply: FastifyReply, message: string) =>
    reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        htmlPage({
          ...brand,
          title: 'Razorpay: error',
          body: `<p class="error" role="alert">${escapeHtml(message)}</p>`,
        }),
      );

  app.post('/razorpay/v1/checkout/embedded', async (request, reply) => {
    const parsed = checkoutSchema.safeParse(request.body);
    if (!parsed.success)
      return checkoutError(reply, `Invalid ${parsed.error.issues[0]?.path.join('.') ?? 'request'}`);
    const checkout = parsed.data;
    const order = store.order(checkout.order_id);
    if (checkout.key_id !== config.razorpayKeyId)
      return checkoutError(reply, 'The api key provided is invalid');
    if (!order) return checkoutError(reply, 'The order id provided does not exist');
    if (checkout.amount !== undefined && checkout.amount !== order.amount)
      return checkoutError(reply, 'The amount does not match the order amount');
    if (order.status === 'paid') return checkoutError(reply, 'This order has already been paid');
    const problem = recurring.checkoutProblem(order, checkout);
    if (problem) return checkoutError(reply, problem);
    return reply.type('text/html; charset=utf-8').send(checkoutPage(order, checkout));
  });

  app.post<{ Params: { orderId: string } }>(
    '/razorpay/v1/checkout/embedded/:orderId',
    async (request, reply) => {
      const order = store.order(request.params.orderId);
      const checkout = checkoutSchema.safeParse(request.body);
      const outcome = outcomeSchema.safeParse(request.body);
      if (!order || !checkout.success || !outcome.success) return checkoutError(reply, 'Invalid checkout');
      if (outcome.data.outcome === 'cancel')
        return reply.redirect(checkout.data.cancel_url ?? checkout.data.callback_url, 303);
      if (order.status === 'paid') return checkoutError(reply, 'This order has already been paid');
      const flags = {
        fail: faults.flag(request, 'fail'),
        duplicate: faults.flag(request, 'duplicate'),
        outOfOrder: faults.flag(request, 'outOfOrder'),
      };
      const paid = outcome.data.outcome === 'success' && !flags.fail;
      const attempt = {
        method: outcome.data.method ?? 'upi',
        email: checkout.data['prefill[email]'] ?? '',
        contact: checkout.data['prefill[contact]'] ?? '',
      };
      // A mandate's authorisation order yields a token; any other order is charged.
      const { payment, events } = order.token
        ? recurring.authorise(order, { approved: paid, ...attempt })
        : checkoutPayment(store, order, paid, attempt);
      const captured = payment.status !== 'failed';
      // Out of order: the "order.paid" overtakes "payment.captured", as retried deliveries do.
      await sendWebhooks(request.log, config, flags.outOfOrder ? events.reverse() : events, flags.duplicate);
      const fields: Record<string, string> = captured
        ? {
            razorpay_payment_id: payment.id,
            razorpay_order_id: order.id,
            razorpay_signature: razorpayPaymentSignature(order.id, payment.id, config.razorpayKeySecret),
          }
        : {
            'error[code]': 'BAD_REQUEST_ERROR',
            'error[description]': payment.error_description ?? 'Payment failed',
            'error[source]': 'customer',
            'error[step]': 'payment_authentication',
            'error[reason]': 'payment_failed',
            'error[metadata][payment_id]': payment.id,
            'error[metadata][order_id]': order.id,
          };
      return reply
        .type('text/html; charset=utf-8')
        .send(autoPostPage({ ...brand, action: checkout.data.callback_url, fields }));
    },
  );

  app.get('/razorpay/_sandbox/ledger', async () => ({ orders: store.ledger.list() }));
  /** Test control: process every pending refund now (sending its webhook). */
  app.post('/razorpay/_sandbox/settle', async (request) => {
    await advance(request.log, true);
    return { settled: true };
  });
};

const razorpayEnv = z.object({
  RAZORPAY_KEY_ID: z.string().default('rzp_test_ertipay0001'),
  RAZORPAY_KEY_SECRET: z.string().default('erti_razorpay_test_secret'),
  RAZORPAY_WEBHOOK_SECRET: z.string().default('erti_razorpay_webhook_secret'),
});

/** The sandbox's Razorpay: the api's key, its webhook secret and where the webhooks go. */
export const razorpaySandbox: SandboxGateway<{
  razorpayKeyId: string;
  razorpayKeySecret: string;
  razorpayWebhookSecret: string;
  razorpayWebhookUrl: string;
}> = {
  name: 'razorpay',
  settings: (env, apiUrl) => {
    const parsed = razorpayEnv.parse(env);
    return {
      razorpayKeyId: parsed.RAZORPAY_KEY_ID,
      razorpayKeySecret: parsed.RAZORPAY_KEY_SECRET,
      razorpayWebhookSecret: parsed.RAZORPAY_WEBHOOK_SECRET,
      razorpayWebhookUrl: `${apiUrl}/api/razorpay/webhook`,
    };
  },
  system: razorpaySystem,
};
