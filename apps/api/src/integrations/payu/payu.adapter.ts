import { gatewayFormPostSchema, payuHashRequestSchema, payuHashResponseSchema } from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GatewayAdapter } from '../gateway-adapter.ts';
import type { GatewayPort } from '../gateway-port.ts';
import { createPayuGateway, type PayuGateway } from './payu-gateway.ts';
import { createPayuPayments } from './payu-payments.ts';

const settings = {
  PAYU_BASE_URL: z.string().url().optional(),
  PAYU_KEY: z.string().default('erti_test_key'),
  PAYU_SALT: z.string().default('erti_test_salt'),
};

/** PayU's routes: the hand-off, then the post backs to surl and furl (both verified the same way). */
function payuRoutes(client: PayuGateway, port: GatewayPort): FastifyPluginAsyncZod {
  const payu = createPayuPayments(client, port);
  const { handOff, callbacks } = port;
  return async (app) => {
    app.post(
      '/payu/generate-hash',
      handOff.userRoute({
        body: payuHashRequestSchema,
        response: { 200: payuHashResponseSchema, ...handOff.payErrors },
      }),
      async (request) => payu.start(handOff.payerOf(request), request.body),
    );
    for (const path of ['/payu/payment-success', '/payu/payment-failure']) {
      app.post(
        path,
        { schema: { tags: callbacks.tags, body: gatewayFormPostSchema } },
        async (request, reply) => reply.redirect(await payu.postback(request.body), 303),
      );
    }
  };
}

/** PayU India: the hosted checkout (`POST /payu/generate-hash`) and its post backs to surl and furl. */
export const payuAdapter: GatewayAdapter<typeof settings> = {
  name: 'payu',
  settings,
  publicDefaultSecrets: ['PAYU_SALT'],
  issuedSecrets: ['PAYU_SALT'],
  baseUrlSetting: 'PAYU_BASE_URL',
  connect: (config, outside) => {
    const client = createPayuGateway({ ...outside, key: config.PAYU_KEY, salt: config.PAYU_SALT });
    return {
      client,
      routes: (port) => payuRoutes(client, port),
    };
  },
};
