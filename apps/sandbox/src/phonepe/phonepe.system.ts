import {
  PHONEPE_ID_PATTERN,
  type PhonepeCallback,
  type PhonepeOrderState,
  type PhonepePaymentMode,
  type PhonepeSubscriptionCallback,
  phonepeCallbackAuthorization,
} from '@erti/protocols';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml, factList, htmlPage, outcomeButtons, rupees } from '../gateway-kit/html.ts';
import { notify } from '../gateway-kit/outbound.ts';
import type { SandboxGateway } from '../gateway-kit/sandbox-gateway.ts';
import type { SandboxConfig, SandboxSystem } from '../modules.ts';
import { registerPhonepeAutopay } from './phonepe-autopay.ts';
import {
  orderStatus,
  type PhonepeOrder,
  type PhonepeRefund,
  PhonepeStore,
  refundStatus,
  TOKEN_TTL_SECONDS,
} from './phonepe-store.ts';

const brand = { brand: 'PhonePe', colour: '#5f259f' };

const tokenSchema = z.object({
  client_id: z.string(),
  client_secret: z.string(),
  client_version: z.string().optional(),
  grant_type: z.literal('client_credentials'),
});

const payRequestSchema = z.object({
  merchantOrderId: z.string().regex(PHONEPE_ID_PATTERN, 'merchantOrderId is invalid'),
  amount: z.number().int().min(100, 'amount must be at least 100 paise'),
  expireAfter: z.number().int().min(300).max(3600).optional(),
  metaInfo: z.record(z.string(), z.string().max(256)).optional(),
  paymentFlow: z.object({
    type: z.literal('PG_CHECKOUT'),
    message: z.string().optional(),
    merchantUrls: z.object({ redirectUrl: z.url() }),
  }),
});

const refundRequestSchema = z.object({
  merchantRefundId: z.string().regex(PHONEPE_ID_PATTERN, 'merchantRefundId is invalid'),
  originalMerchantOrderId: z.string().regex(PHONEPE_ID_PATTERN),
  amount: z.number().int().min(100, 'amount must be at least 100 paise'),
});

const payPageSchema = z.object({
  outcome: z.enum(['success', 'failure', 'pending']),
  paymentMode: z.enum(['UPI_INTENT', 'UPI_COLLECT', 'CARD', 'NET_BANKING']).optional(),
});

const badRequest = (reply: FastifyReply, code: string, message: string) =>
  reply.status(400).send({ code, message, data: {} });

/** The S2S callbacks of one order's outcome, in the order PhonePe would send them. */
function callbacksFor(
  order: PhonepeOrder,
  flags: { duplicate: boolean; outOfOrder: boolean },
): PhonepeCallback[] {
  const status = orderStatus(order);
  const event = (state: PhonepeOrderState): PhonepeCallback => ({
    type: state === 'COMPLETED' ? 'CHECKOUT_ORDER_COMPLETED' : 'CHECKOUT_ORDER_FAILED',
    event: state === 'COMPLETED' ? 'checkout.order.completed' : 'checkout.order.failed',
    payload: { ...status, state },
  });
  const final = event(order.state);
  // Out of order: a stale "failed" arrives around the real outcome; only the status API tells the truth.
  const callbacks = flags.outOfOrder ? [event('FAILED'), final] : [final];
  return flags.duplicate ? [...callbacks, final] : callbacks;
}

/** The S2S callback of a refund that completed. */
const refundCallback = (refund: PhonepeRefund): PhonepeCallback => ({
  type: 'PG_REFUND_COMPLETED',
  event: 'pg.refund.completed',
  payload: refundStatus(refund),
});

async function sendCallbacks(
  log: FastifyBaseLogger,
  config: SandboxConfig,
  callbacks: (PhonepeCallback | PhonepeSubscriptionCallback)[],
) {
  const authorization = phonepeCallbackAuthorization(
    config.phonepeCallbackUsername,
    config.phonepeCallbackPassword,
  );
  for (const callback of callbacks) {
    await notify(log, {
      url: config.phonepeCallbackUrl,
      body: JSON.stringify(callback),
      headers: { authorization },
    });
  }
}

function payPage(order: PhonepeOrder): string {
  const facts = factList([
    ['Amount', rupees(order.amount)],
    ['Order', order.merchantOrderId],
  ]);
  const mode = `<label for="paymentMode">Pay with</label>
<select id="paymentMode" name="paymentMode">
<option value="UPI_INTENT">UPI app</option><option value="UPI_COLLECT">UPI ID</option>
<option value="CARD">Card</option><option value="NET_BANKING">Net banking</option>
</select>`;
  const form = outcomeButtons({
    action: `/phonepe/pay-page/${encodeURIComponent(order.orderId)}`,
    outcomes: [
      { value: 'success', label: 'Success' },
      { value: 'failure', label: 'Failure', style: 'danger' },
      { value: 'pending', label: 'Pending', style: 'warn' },
    ],
  }).replace('<fieldset>', `<fieldset>${mode}`);
  return htmlPage({
    ...brand,
    title: 'PhonePe: pay',
    body: `<h1>Pay ${escapeHtml(rupees(order.amount))}</h1>${facts}${form}`,
  });
}

/**
 * Simulated PhonePe Standard Checkout v2: OAuth token, pay (a redirect to a sandbox pay page), order
 * status, refunds and refund status, and the S2S callbacks of orders and refunds with `Authorization: sha256(user:pass)`
 * (faults: `duplicate`, `outOfOrder`, `fail`, `pending`). protocols.md §2(a). AutoPay (mandates) is
 * phonepe-autopay.ts: a checkout with a subscription setup flow goes there.
 */
export const phonepeSystem: SandboxSystem = async (app: FastifyInstance, { config, faults, clock }) => {
  const store = new PhonepeStore(config.settleAfterMs);

  /** Moves time on and sends the callbacks of payments that settled and refunds that completed meanwhile. */
  const advance = async (log: FastifyBaseLogger, force = false) => {
    const { settled, refunded } = store.advance(Date.now(), force);
    for (const order of settled)
      await sendCallbacks(log, config, callbacksFor(order, { duplicate: false, outOfOrder: false }));
    await sendCallbacks(log, config, refunded.map(refundCallback));
  };

  const requireToken = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme !== 'O-Bearer' || !token || !store.tokenValid(token))
      return reply
        .status(401)
        .send({ code: 'UNAUTHORIZED', message: 'Invalid or expired access token', data: {} });
  };

  app.post('/phonepe/v1/oauth/token', async (request, reply) => {
    const body = tokenSchema.safeParse(request.body);
    const valid =
      body.success &&
      body.data.client_id === config.phonepeClientId &&
      body.data.client_secret === config.phonepeClientSecret;
    if (!valid)
      return reply.status(400).send({
        code: 'INVALID_CLIENT',
        errorCode: 'INVALID_CLIENT',
        message: 'Bad_Request',
        data: { errorDescription: 'Client Authentication Failure' },
      });
    const issued = store.issueToken();
    return {
      access_token: issued.token,
      encrypted_access_token: issued.token,
      expires_in: TOKEN_TTL_SECONDS,
      issued_at: issued.issuedAt,
      expires_at: issued.expiresAt,
      session_expires_at: issued.expiresAt,
      token_type: 'O-Bearer',
    };
  });

  const setUpSubscription = registerPhonepeAutopay(app, {
    clock,
    faults,
    ledger: store.ledger,
    publicUrl: () => config.publicUrl,
    requireToken,
    send: (log, callbacks) => sendCallbacks(log, config, callbacks),
  });

  app.post('/phonepe/checkout/v2/pay', { preHandler: requireToken }, async (request, reply) => {
    const flow = (request.body as { paymentFlow?: { type?: unknown } } | undefined)?.paymentFlow?.type;
    if (flow === 'SUBSCRIPTION_CHECKOUT_SETUP') return setUpSubscription(request.body, reply);
    const parsed = payRequestSchema.safeParse(request.body);
    if (!parsed.success)
      return badRequest(reply, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Bad request');
    const body = parsed.data;
    const existing = store.order(body.merchantOrderId);
    if (existing && existing.amount !== body.amount)
      return badRequest(reply, 'INVALID_TRANSACTION_ID', 'Duplicate merchantOrderId with a different amount');
    const order =
      existing ??
      store.createOrder({
        merchantOrderId: body.merchantOrderId,
        amount: body.amount,
        expireAfter: body.expireAfter,
        redirectUrl: body.paymentFlow.merchantUrls.redirectUrl,
        metaInfo: body.metaInfo,
      });
    return {
      orderId: order.orderId,
      state: order.state,
      expireAt: order.expireAt,
      redirectUrl: `${config.publicUrl}/phonepe/pay-page/${order.orderId}`,
    };
  });

  // PhonePe enforces the order's expireAfter: once it has passed, the page takes no payment (decision 064).
  app.get<{ Params: { orderId: string } }>('/phonepe/pay-page/:orderId', async (request, reply) => {
    await advance(request.log);
    const order = store.orderById(request.params.orderId);
    reply.type('text/html; charset=utf-8');
    if (!order)
      return reply
        .status(404)
        .send(htmlPage({ ...brand, title: 'PhonePe', body: '<h1>Order not found</h1>' }));
    if (order.state !== 'PENDING' || order.payments.length > 0)
      return reply.redirect(order.merchantRedirectUrl, 303);
    return payPage(order);
  });

  app.post<{ Params: { orderId: string } }>('/phonepe/pay-page/:orderId', async (request, reply) => {
    await advance(request.log);
    const order = store.orderById(request.params.orderId);
    const body = payPageSchema.safeParse(request.body);
    if (!order || !body.success)
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'Order not found' });
    if (order.state !== 'PENDING' || order.payments.length > 0)
      return reply.redirect(order.merchantRedirectUrl, 303);
    const flags = {
      fail: faults.flag(request, 'fail'),
      pending: faults.flag(request, 'pending'),
      duplicate: faults.flag(request, 'duplicate'),
      outOfOrder: faults.flag(request, 'outOfOrder'),
    };
    const state: PhonepeOrderState = flags.fail
      ? 'FAILED'
      : flags.pending || body.data.outcome === 'pending'
        ? 'PENDING'
        : body.data.outcome === 'success'
          ? 'COMPLETED'
          : 'FAILED';
    store.pay(order, state, (body.data.paymentMode ?? 'UPI_INTENT') as PhonepePaymentMode);
    if (state !== 'PENDING') await sendCallbacks(request.log, config, callbacksFor(order, flags));
    return reply.redirect(order.merchantRedirectUrl, 303);
  });

  app.get<{ Params: { merchantOrderId: string } }>(
    '/phonepe/checkout/v2/order/:merchantOrderId/status',
    { preHandler: requireToken },
    async (request, reply) => {
      await advance(request.log);
      const order = store.order(request.params.merchantOrderId);
      if (!order) return badRequest(reply, 'MERCHANT_ORDER_MAPPING_NOT_FOUND', 'No entry found for Merchant');
      const status = orderStatus(order);
      // A state no documentation lists: the api must hold the order for a person, not guess.
      return faults.flag(request, 'unreadable') ? { ...status, state: 'UNDER_REVIEW' } : status;
    },
  );

  app.post('/phonepe/payments/v2/refund', { preHandler: requireToken }, async (request, reply) => {
    const parsed = refundRequestSchema.safeParse(request.body);
    if (!parsed.success)
      return badRequest(reply, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Bad request');
    const body = parsed.data;
    if (store.refund(body.merchantRefundId)) return badRequest(reply, 'BAD_REQUEST', 'Refund ID Duplicated');
    const order = store.order(body.originalMerchantOrderId);
    if (!order) return badRequest(reply, 'MERCHANT_ORDER_MAPPING_NOT_FOUND', 'No entry found for Merchant');
    if (order.state !== 'COMPLETED') return badRequest(reply, 'BAD_REQUEST', 'Order is not completed');
    if (body.amount > store.ledger.refundable(order.merchantOrderId))
      return badRequest(reply, 'BAD_REQUEST', 'Refund amount is more than the refundable amount');
    const refund = store.addRefund(order, body.merchantRefundId, body.amount);
    return { refundId: refund.refundId, amount: refund.amount, state: refund.state };
  });

  const refundStatusRoute = async (request: FastifyRequest, reply: FastifyReply) => {
    await advance(request.log);
    const { merchantRefundId } = request.params as { merchantRefundId: string };
    const refund = store.refund(merchantRefundId);
    if (!refund) return badRequest(reply, 'MERCHANT_REFUND_MAPPING_NOT_FOUND', 'No entry found for refund');
    return refundStatus(refund);
  };
  app.get(
    '/phonepe/payments/v2/refund/:merchantRefundId/status',
    { preHandler: requireToken },
    refundStatusRoute,
  );
  app.post(
    '/phonepe/payments/v2/refund/:merchantRefundId/status',
    { preHandler: requireToken },
    refundStatusRoute,
  );

  app.get('/phonepe/_sandbox/ledger', async () => ({ orders: store.ledger.list() }));
  /** Test control: settle every pending payment (sending its callback) and complete every refund now. */
  app.post('/phonepe/_sandbox/settle', async (request) => {
    await advance(request.log, true);
    return { settled: true };
  });
};

const phonepeEnv = z.object({
  PHONEPE_CLIENT_ID: z.string().default('ERTI_TEST_CLIENT'),
  PHONEPE_CLIENT_SECRET: z.string().default('erti-test-client-secret'),
  PHONEPE_CALLBACK_USERNAME: z.string().default('ertipay'),
  PHONEPE_CALLBACK_PASSWORD: z.string().default('ertipaycallback1'),
});

/** The sandbox's PhonePe: the api's client credentials, and where and how it calls the api back. */
export const phonepeSandbox: SandboxGateway<{
  phonepeClientId: string;
  phonepeClientSecret: string;
  phonepeCallbackUsername: string;
  phonepeCallbackPassword: string;
  phonepeCallbackUrl: string;
}> = {
  name: 'phonepe',
  settings: (env, apiUrl) => {
    const parsed = phonepeEnv.parse(env);
    return {
      phonepeClientId: parsed.PHONEPE_CLIENT_ID,
      phonepeClientSecret: parsed.PHONEPE_CLIENT_SECRET,
      phonepeCallbackUsername: parsed.PHONEPE_CALLBACK_USERNAME,
      phonepeCallbackPassword: parsed.PHONEPE_CALLBACK_PASSWORD,
      phonepeCallbackUrl: `${apiUrl}/api/phonepe/callback`,
    };
  },
  system: phonepeSystem,
};
