import {
  PHONEPE_ID_PATTERN,
  type PhonepeSubscriptionCallback,
  type PhonepeSubscriptionEvent,
  type PhonepeSubscriptionStatus,
} from '@erti/protocols';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { SandboxClock } from '../bou/clock.ts';
import { type Faults, shapedCallbacks } from '../faults/faults.ts';
import { registerClockControls } from '../gateway-kit/clock-controls.ts';
import { escapeHtml, factList, htmlPage, outcomeButtons, rupees } from '../gateway-kit/html.ts';
import type { Ledger } from '../gateway-kit/ledger.ts';
import {
  PhonepeAutopayStore,
  type SubscriptionOrder,
  subscriptionOrderStatus,
} from './phonepe-autopay-store.ts';

const brand = { brand: 'PhonePe AutoPay', colour: '#5f259f' };
const id = z.string().regex(PHONEPE_ID_PATTERN, 'must be 1 to 63 of A-Z a-z 0-9 _ -');

export const subscriptionSetupSchema = z.object({
  merchantOrderId: id,
  amount: z.number().int().min(100, 'amount must be at least 100 paise'),
  expireAfter: z.number().int().min(300).max(3600).optional(),
  metaInfo: z.record(z.string(), z.string().max(256)).optional(),
  paymentFlow: z.object({
    type: z.literal('SUBSCRIPTION_CHECKOUT_SETUP'),
    merchantUrls: z.object({ redirectUrl: z.url(), cancelRedirectUrl: z.url().optional() }),
    subscriptionDetails: z.object({
      subscriptionType: z.literal('RECURRING'),
      merchantSubscriptionId: id,
      authWorkflowType: z.enum(['PENNY_DROP', 'TRANSACTION']),
      amountType: z.enum(['FIXED', 'VARIABLE']),
      maxAmount: z.number().int().min(100),
      frequency: z.enum([
        'DAILY',
        'WEEKLY',
        'FORTNIGHTLY',
        'MONTHLY',
        'BIMONTHLY',
        'QUARTERLY',
        'HALFYEARLY',
        'YEARLY',
        'ON_DEMAND',
      ]),
      expireAt: z.number().int().optional(),
    }),
  }),
});

const notifySchema = z.object({
  merchantOrderId: id,
  amount: z.number().int().min(100, 'amount must be at least 100 paise'),
  expireAt: z.number().int().optional(),
  metaInfo: z.record(z.string(), z.string().max(256)).optional(),
  paymentFlow: z.object({
    type: z.literal('SUBSCRIPTION_REDEMPTION'),
    merchantSubscriptionId: id,
    redemptionRetryStrategy: z.enum(['STANDARD', 'CUSTOM']).default('STANDARD'),
    autoDebit: z.boolean().default(false),
  }),
});

const redeemSchema = z.object({ merchantOrderId: id });
const mandatePageSchema = z.object({ outcome: z.enum(['approve', 'decline']) });

const badRequest = (reply: FastifyReply, code: string, message: string) =>
  reply.status(400).send({ code, message, data: {} });

/** What a redemption refusal says, by its code. */
const refusalMessages = {
  SUBSCRIPTION_NOT_ACTIVE: 'Subscription is not in ACTIVE state',
  NOT_NOTIFIED: 'The redemption was not notified to the customer',
  REDEMPTION_TOO_EARLY: 'Redemption is allowed only 24 hours after the notification',
  RETRY_OUTSIDE_OFF_PEAK: 'Retries are allowed only in the non-peak periods (21:31-09:59, 13:01-16:59 IST)',
  RETRIES_EXHAUSTED: 'No retries left for this redemption',
  ORDER_ALREADY_COMPLETED: 'Order is already completed',
} as const;

export interface AutopayContext {
  /** The sandbox's one clock (decision 073): mandates keep time by it, so tests move days in an instant. */
  clock: SandboxClock;
  faults: Faults;
  ledger: Ledger;
  /** The sandbox's public address (read late: tests learn it after building). */
  publicUrl(): string;
  requireToken: preHandlerAsyncHookHandler;
  /** Sends S2S callbacks with PhonePe's authorization header. */
  send(log: FastifyBaseLogger, callbacks: PhonepeSubscriptionCallback[]): Promise<void>;
}

function mandatePage(order: SubscriptionOrder, subscription: PhonepeSubscriptionStatus): string {
  const facts = factList([
    ['Mandate', subscription.merchantSubscriptionId],
    ['Up to', rupees(subscription.maxAmount)],
    ['How often', subscription.frequency.replace('_', ' ').toLowerCase()],
    ['Valid until', new Date(subscription.expireAt).toISOString().slice(0, 10)],
    ['Authorisation', `${rupees(order.amount)}, returned to you`],
  ]);
  const form = outcomeButtons({
    action: `/phonepe/mandate-page/${encodeURIComponent(order.orderId)}`,
    outcomes: [
      { value: 'approve', label: 'Approve AutoPay' },
      { value: 'decline', label: 'Decline', style: 'danger' },
    ],
  });
  return htmlPage({
    ...brand,
    title: 'PhonePe: approve AutoPay',
    body: `<h1>Approve AutoPay up to ${escapeHtml(rupees(subscription.maxAmount))}</h1>${facts}${form}`,
  });
}

/**
 * Simulated PhonePe AutoPay (protocols: phonepe-subscriptions.ts): the setup checkout and its
 * mandate page, subscription and order status, notify, redeem and cancel, their callbacks, and test
 * controls: the AutoPay clock (`/phonepe/_sandbox/clock`), settling pending debits and a revoke from
 * the customer's UPI app. Faults: `fail` on notify (not delivered) and on redeem (declined),
 * `pending` on redeem (in flight until settled; with `fail` too, it then fails), `lost` on notify and
 * redeem (no callback), `duplicate` and `outOfOrder` on redeem (its callback twice, or the notice's
 * callback after it); `error` and `timeout` as everywhere.
 * Answers the checkout's setup handler (the web's `POST /checkout/v2/pay` with a setup flow).
 */
export function registerPhonepeAutopay(app: FastifyInstance, context: AutopayContext) {
  const store = new PhonepeAutopayStore(context.clock, context.ledger);
  const { faults, requireToken } = context;

  const subscriptionEvent = (event: PhonepeSubscriptionEvent, subscription: PhonepeSubscriptionStatus) => ({
    event,
    payload: { ...subscription },
  });
  const orderEvent = (event: PhonepeSubscriptionEvent, order: SubscriptionOrder) => ({
    event,
    payload: subscriptionOrderStatus(order),
  });
  const redemptionEvent = (order: SubscriptionOrder) =>
    orderEvent(
      order.state === 'COMPLETED'
        ? 'subscription.redemption.order.completed'
        : 'subscription.redemption.order.failed',
      order,
    );

  app.get<{ Params: { orderId: string } }>('/phonepe/mandate-page/:orderId', async (request, reply) => {
    const order = store.orderById(request.params.orderId);
    const subscription = order && store.subscription(order.merchantSubscriptionId);
    reply.type('text/html; charset=utf-8');
    if (!order || !subscription)
      return reply
        .status(404)
        .send(htmlPage({ ...brand, title: 'PhonePe', body: '<h1>Mandate not found</h1>' }));
    if (order.state !== 'PENDING') return reply.redirect(order.redirectUrl ?? context.publicUrl(), 303);
    return mandatePage(order, subscription);
  });

  app.post<{ Params: { orderId: string } }>('/phonepe/mandate-page/:orderId', async (request, reply) => {
    const order = store.orderById(request.params.orderId);
    const body = mandatePageSchema.safeParse(request.body);
    if (order?.flow !== 'SUBSCRIPTION_SETUP' || !body.success)
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'Mandate not found' });
    const back = order.redirectUrl ?? context.publicUrl();
    if (order.state !== 'PENDING') return reply.redirect(back, 303);
    const approved = body.data.outcome === 'approve' && !faults.flag(request, 'fail');
    store.authorise(order, approved);
    const event = approved ? 'subscription.setup.order.completed' : 'subscription.setup.order.failed';
    await context.send(request.log, [orderEvent(event, order)]);
    return reply.redirect(approved ? back : (order.cancelRedirectUrl ?? back), 303);
  });

  app.get<{ Params: { merchantSubscriptionId: string } }>(
    '/phonepe/subscriptions/v2/:merchantSubscriptionId/status',
    { preHandler: requireToken },
    async (request, reply) => {
      const subscription = store.subscription(request.params.merchantSubscriptionId);
      if (!subscription) return badRequest(reply, 'SUBSCRIPTION_NOT_FOUND', 'No subscription found');
      return faults.flag(request, 'unreadable') ? { ...subscription, state: 'SUSPENDED' } : subscription;
    },
  );

  app.get<{ Params: { merchantOrderId: string } }>(
    '/phonepe/subscriptions/v2/order/:merchantOrderId/status',
    { preHandler: requireToken },
    async (request, reply) => {
      const order = store.order(request.params.merchantOrderId);
      if (!order) return badRequest(reply, 'MERCHANT_ORDER_MAPPING_NOT_FOUND', 'No entry found for Merchant');
      const status = subscriptionOrderStatus(order);
      return faults.flag(request, 'unreadable') ? { ...status, state: 'UNDER_REVIEW' } : status;
    },
  );

  app.post('/phonepe/subscriptions/v2/notify', { preHandler: requireToken }, async (request, reply) => {
    const parsed = notifySchema.safeParse(request.body);
    if (!parsed.success)
      return badRequest(reply, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Bad request');
    const body = parsed.data;
    const existing = store.order(body.merchantOrderId);
    if (existing)
      return existing.amount === body.amount && existing.flow === 'SUBSCRIPTION_REDEMPTION'
        ? { orderId: existing.orderId, state: existing.state, expireAt: existing.expireAt }
        : badRequest(reply, 'INVALID_TRANSACTION_ID', 'Duplicate merchantOrderId');
    const subscription = store.subscription(body.paymentFlow.merchantSubscriptionId);
    if (subscription?.state !== 'ACTIVE')
      return badRequest(reply, 'SUBSCRIPTION_NOT_ACTIVE', refusalMessages.SUBSCRIPTION_NOT_ACTIVE);
    if (body.amount > subscription.maxAmount)
      return badRequest(
        reply,
        'AMOUNT_LIMIT_EXCEEDED',
        'Amount is more than the maximum amount of the mandate',
      );
    const order = store.notify(body, !faults.flag(request, 'fail'));
    const delivered = order.state === 'NOTIFIED';
    if (!faults.flag(request, 'lost'))
      await context.send(request.log, [
        orderEvent(
          delivered ? 'subscription.notification.completed' : 'subscription.notification.failed',
          order,
        ),
      ]);
    return { orderId: order.orderId, state: 'NOTIFICATION_IN_PROGRESS', expireAt: order.expireAt };
  });

  app.post('/phonepe/subscriptions/v2/redeem', { preHandler: requireToken }, async (request, reply) => {
    const parsed = redeemSchema.safeParse(request.body);
    if (!parsed.success)
      return badRequest(reply, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Bad request');
    const order = store.order(parsed.data.merchantOrderId);
    if (order?.flow !== 'SUBSCRIPTION_REDEMPTION')
      return badRequest(reply, 'MERCHANT_ORDER_MAPPING_NOT_FOUND', 'No entry found for Merchant');
    const inFlight = order.state === 'PENDING' ? order.payments.at(-1) : undefined;
    if (inFlight) return { transactionId: inFlight.transactionId, state: 'PENDING' };
    const refusal = store.redeemRefusal(order);
    if (refusal) return badRequest(reply, refusal, refusalMessages[refusal]);
    const declined = faults.flag(request, 'fail');
    const pending = faults.flag(request, 'pending');
    const outcome = pending ? 'PENDING' : declined ? 'FAILED' : 'COMPLETED';
    const attempt = store.redeem(order, outcome, declined ? 'FAILED' : 'COMPLETED');
    const stale = orderEvent('subscription.notification.completed', order);
    if (outcome !== 'PENDING')
      await context.send(
        request.log,
        shapedCallbacks([redemptionEvent(order)], [stale], faults.callbackFlags(request)),
      );
    return { transactionId: attempt.transactionId, state: 'PENDING' };
  });

  app.post<{ Params: { merchantSubscriptionId: string } }>(
    '/phonepe/subscriptions/v2/:merchantSubscriptionId/cancel',
    { preHandler: requireToken },
    async (request, reply) => {
      const ended = store.end(request.params.merchantSubscriptionId, 'CANCELLED');
      if (!ended)
        return badRequest(reply, 'SUBSCRIPTION_NOT_ACTIVE', 'Subscription cannot be cancelled in its state');
      await context.send(request.log, [subscriptionEvent('subscription.cancelled', ended)]);
      return reply.status(204).send();
    },
  );

  /** Test control: the customer revokes the mandate in their UPI app ("Remove AutoPay"). */
  app.post<{ Params: { merchantSubscriptionId: string } }>(
    '/phonepe/_sandbox/subscriptions/:merchantSubscriptionId/revoke',
    async (request, reply) => {
      const ended = store.end(request.params.merchantSubscriptionId, 'REVOKED');
      if (!ended) return reply.status(404).send({ message: 'No live subscription with that id' });
      await context.send(request.log, [subscriptionEvent('subscription.revoked', ended)]);
      return ended;
    },
  );

  /** Test control: every debit left pending completes now (sending its callback). */
  app.post('/phonepe/_sandbox/autopay/settle', async (request) => {
    const settled = store.settlePending();
    await context.send(request.log, settled.map(redemptionEvent));
    return { settled: settled.length };
  });

  /** Test control: every debit's notice and attempts (times on the sandbox clock), for the chaos run's audit. */
  app.get('/phonepe/_sandbox/autopay/redemptions', async () => ({ redemptions: store.redemptions() }));

  registerClockControls(app, '/phonepe', store.clock);

  /** The setup checkout: the browser goes to the mandate page. */
  return async function setUp(body: unknown, reply: FastifyReply) {
    const parsed = subscriptionSetupSchema.safeParse(body);
    if (!parsed.success)
      return badRequest(reply, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Bad request');
    const request = parsed.data;
    const existing = store.order(request.merchantOrderId);
    if (
      existing &&
      existing.merchantSubscriptionId !== request.paymentFlow.subscriptionDetails.merchantSubscriptionId
    )
      return badRequest(reply, 'INVALID_TRANSACTION_ID', 'Duplicate merchantOrderId');
    if (!existing && store.subscription(request.paymentFlow.subscriptionDetails.merchantSubscriptionId))
      return badRequest(reply, 'DUPLICATE_SUBSCRIPTION', 'merchantSubscriptionId is already used');
    const order = existing ?? store.setUp(request);
    return {
      orderId: order.orderId,
      state: order.state,
      expireAt: order.expireAt,
      redirectUrl: `${context.publicUrl()}/phonepe/mandate-page/${order.orderId}`,
    };
  };
}
