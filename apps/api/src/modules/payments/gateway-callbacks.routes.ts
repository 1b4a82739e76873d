import { gatewayFormPostSchema, phonepeCallbackSchema } from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GatewayCallbacks } from './gateway-callbacks.service.ts';

const tags = ['gateway callbacks'];

/**
 * What the gateways call (no Bearer: each is verified by its own signature). Browser returns answer
 * 303 to the site's outcome page; server-to-server calls answer 200 once recorded.
 */
export function gatewayCallbackRoutes(callbacks: GatewayCallbacks): FastifyPluginAsyncZod {
  return async (app) => {
    for (const path of ['/payu/payment-success', '/payu/payment-failure']) {
      app.post(path, { schema: { tags, body: gatewayFormPostSchema } }, async (request, reply) =>
        reply.redirect(await callbacks.payuPostback(request.body), 303),
      );
    }

    app.post(
      '/phonepe/callback',
      {
        // The authorization is checked before the body is validated: a forged call learns nothing.
        onRequest: async (request) => callbacks.assertPhonepeAuthorised(request.headers.authorization),
        schema: { tags, body: phonepeCallbackSchema },
      },
      async (request) => {
        await callbacks.phonepeCallback(request.body);
        return { success: true };
      },
    );

    app.post(
      '/razorpay/callback',
      { schema: { tags, body: gatewayFormPostSchema } },
      async (request, reply) => reply.redirect(await callbacks.razorpayCallback(request.body), 303),
    );

    // The webhook's signature is over the exact bytes sent: this route alone keeps the body raw.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      raw.post('/razorpay/webhook', { schema: { tags } }, async (request) => {
        const signature = request.headers['x-razorpay-signature'];
        const eventId = request.headers['x-razorpay-event-id'];
        await callbacks.razorpayWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
          typeof eventId === 'string' ? eventId : undefined,
        );
        return { status: 'ok' };
      });
    });
  };
}
