import { createOrderRequestSchema, createOrderResponseSchema, gatewayFormPostSchema } from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GatewayAdapter } from '../gateway-adapter.ts';
import type { GatewayPort } from '../gateway-port.ts';
import { createRazorpayGateway, type RazorpayGateway } from './razorpay-gateway.ts';
import { createRazorpayMandates } from './razorpay-mandates.ts';
import { createRazorpayPayments } from './razorpay-payments.ts';

const settings = {
  RAZORPAY_BASE_URL: z.string().url().optional(),
  RAZORPAY_KEY_ID: z.string().default('rzp_test_ertipay0001'),
  RAZORPAY_KEY_SECRET: z.string().default('erti_razorpay_test_secret'),
  RAZORPAY_WEBHOOK_SECRET: z.string().default('erti_razorpay_webhook_secret'),
};

/** Razorpay's routes: the hand-off, then its checkout callback and its webhook. */
function razorpayRoutes(client: RazorpayGateway, port: GatewayPort): FastifyPluginAsyncZod {
  const razorpay = createRazorpayPayments(client, port);
  const { handOff, callbacks } = port;
  return async (app) => {
    // The test payment page's hand-off: no bill behind it, so off in production unless turned on (decision 103).
    if (handOff.testPayments)
      app.post(
        '/bbps/pg/create-order',
        handOff.userRoute({
          body: createOrderRequestSchema,
          response: { 200: createOrderResponseSchema, ...handOff.payErrors },
        }),
        async (request) => razorpay.start(handOff.payerOf(request), request.body),
      );
    app.post(
      '/razorpay/callback',
      { schema: { tags: callbacks.tags, body: gatewayFormPostSchema } },
      async (request, reply) => reply.redirect(await razorpay.callback(request.body), 303),
    );
    // The webhook's signature is over the exact bytes sent: this route alone keeps the body raw.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      raw.post('/razorpay/webhook', { schema: { tags: callbacks.tags } }, async (request) => {
        const signature = request.headers['x-razorpay-signature'];
        const eventId = request.headers['x-razorpay-event-id'];
        await razorpay.webhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
          typeof eventId === 'string' ? eventId : undefined,
        );
        return { status: 'ok' };
      });
    });
  };
}

/**
 * Razorpay: the test payment page (`POST /bbps/pg/create-order`), recurring payments for AutoPay, its
 * checkout callback and webhooks.
 */
export const razorpayAdapter: GatewayAdapter<typeof settings> = {
  name: 'razorpay',
  settings,
  publicDefaultSecrets: ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
  issuedSecrets: ['RAZORPAY_KEY_SECRET'],
  baseUrlSetting: 'RAZORPAY_BASE_URL',
  connect: (config, outside) => {
    const client = createRazorpayGateway({
      ...outside,
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    });
    return {
      client,
      mandates: createRazorpayMandates(client, outside.now),
      routes: (port) => razorpayRoutes(client, port),
    };
  },
};
