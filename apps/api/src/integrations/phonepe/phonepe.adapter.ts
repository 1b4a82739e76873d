import { phonepeCallbackSchema, phonepePayRequestSchema, phonepePayResponseSchema } from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GatewayAdapter } from '../gateway-adapter.ts';
import type { GatewayPort } from '../gateway-port.ts';
import { createPhonepeGateway, type PhonepeGateway } from './phonepe-gateway.ts';
import { createPhonepeMandates } from './phonepe-mandates.ts';
import { createPhonepePayments } from './phonepe-payments.ts';

const settings = {
  PHONEPE_BASE_URL: z.string().url().optional(),
  PHONEPE_CLIENT_ID: z.string().default('ERTI_TEST_CLIENT'),
  PHONEPE_CLIENT_SECRET: z.string().default('erti-test-client-secret'),
  PHONEPE_CLIENT_VERSION: z.string().default('1'),
  PHONEPE_CALLBACK_USERNAME: z.string().default('ertipay'),
  PHONEPE_CALLBACK_PASSWORD: z.string().default('ertipaycallback1'),
};

/** PhonePe's routes: the hand-off, then its server-to-server callback. */
function phonepeRoutes(client: PhonepeGateway, port: GatewayPort): FastifyPluginAsyncZod {
  const phonepe = createPhonepePayments(client, port);
  const { handOff, callbacks } = port;
  return async (app) => {
    app.post(
      '/phonepe/pay',
      handOff.userRoute({
        body: phonepePayRequestSchema,
        response: { 200: phonepePayResponseSchema, ...handOff.payErrors },
      }),
      async (request) => phonepe.start(handOff.payerOf(request), request.body),
    );
    app.post(
      '/phonepe/callback',
      {
        // The authorization is checked before the body is validated: a forged call learns nothing.
        onRequest: async (request) => phonepe.assertAuthorised(request.headers.authorization),
        schema: { tags: callbacks.tags, body: phonepeCallbackSchema },
      },
      async (request) => {
        await phonepe.callback(request.body);
        return { success: true };
      },
    );
  };
}

/** PhonePe PG: the checkout (`POST /phonepe/pay`), AutoPay's mandates and the server-to-server callback. */
export const phonepeAdapter: GatewayAdapter<typeof settings> = {
  name: 'phonepe',
  settings,
  publicDefaultSecrets: ['PHONEPE_CLIENT_SECRET', 'PHONEPE_CALLBACK_PASSWORD'],
  issuedSecrets: ['PHONEPE_CLIENT_SECRET'],
  baseUrlSetting: 'PHONEPE_BASE_URL',
  connect: (config, outside) => {
    const client = createPhonepeGateway({
      ...outside,
      clientId: config.PHONEPE_CLIENT_ID,
      clientSecret: config.PHONEPE_CLIENT_SECRET,
      clientVersion: config.PHONEPE_CLIENT_VERSION,
      callbackUsername: config.PHONEPE_CALLBACK_USERNAME,
      callbackPassword: config.PHONEPE_CALLBACK_PASSWORD,
    });
    return {
      client,
      mandates: createPhonepeMandates(client, outside.now),
      routes: (port) => phonepeRoutes(client, port),
    };
  },
};
