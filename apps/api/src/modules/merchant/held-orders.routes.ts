import {
  errorResponseSchema,
  heldOrderParamsSchema,
  heldOrderResolutionSchema,
  heldOrdersResponseSchema,
  messageResponseSchema,
} from '@erti/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import type { HeldOrdersService } from './held-orders.service.ts';

const tags = ['merchant'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * Charges held for a person (decision 062), for the merchant role only; the role is checked when the
 * request arrives, before its body is read.
 */
export function heldOrdersRoutes(options: {
  heldOrders: HeldOrdersService;
  requireMerchant: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { heldOrders, requireMerchant } = options;
  return async (app) => {
    app.get(
      '/merchant/orders/needs-attention',
      {
        onRequest: requireMerchant,
        schema: {
          tags,
          security,
          summary: "Orders held because the gateway's answer about the charge could not be read",
          description:
            'Each with what could not be read and the answer as it came; the longest waiting first.',
          response: { 200: heldOrdersResponseSchema, ...errors },
        },
      },
      async () => heldOrders.list(),
    );

    app.post(
      '/merchant/orders/:orderId/resolution',
      {
        onRequest: requireMerchant,
        schema: {
          tags,
          security,
          summary: 'Resolve a held order after checking the gateway: mark paid, refund, or no charge',
          description:
            '`note` (why) is required; `gatewayPaymentId` for mark-paid and refund; `amount` (paise the ' +
            'gateway shows captured) for refund. A second resolution of the same order answers 409.',
          params: heldOrderParamsSchema,
          body: heldOrderResolutionSchema,
          response: {
            200: messageResponseSchema,
            ...errors,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => heldOrders.resolve(request.params.orderId, currentUser(request).id, request.body),
    );
  };
}
