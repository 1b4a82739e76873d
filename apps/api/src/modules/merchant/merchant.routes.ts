import {
  errorResponseSchema,
  merchantHistoryRequestSchema,
  merchantHistoryResponseSchema,
  merchantRefundsRequestSchema,
  merchantRefundsResponseSchema,
  messageResponseSchema,
  refundHeadersSchema,
  refundRequestSchema,
} from '@erti/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import type { MerchantService } from './merchant.service.ts';

const tags = ['merchant'];
const security = [{ bearer: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const refundErrors = {
  ...errors,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

/**
 * The merchant dashboard's calls (spec section 7). The merchant role is checked when the request
 * arrives, before its body is read: anyone else learns nothing about what a valid body looks like.
 */
export function merchantRoutes(options: {
  merchant: MerchantService;
  requireMerchant: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { merchant, requireMerchant } = options;
  return async (app) => {
    app.post(
      '/phonepe/merchant/history',
      {
        onRequest: requireMerchant,
        schema: {
          tags,
          security,
          summary: "Every gateway's orders, newest first",
          description:
            'An empty body answers the plain list (the newest 500); a body with any field answers one page: ' +
            '`{ transactions, total, page, pageSize }`. `search` matches the start of an order id (ours, the ' +
            "gateway's, or its transaction id); `status` is COMPLETED, FAILED, PENDING, REFUND_PENDING or REFUNDED.",
          body: merchantHistoryRequestSchema,
          response: { 200: merchantHistoryResponseSchema, ...errors },
        },
      },
      async (request) => merchant.history(request.body),
    );

    app.post(
      '/phonepe/merchant/refunds',
      {
        onRequest: requireMerchant,
        schema: {
          tags,
          security,
          summary: 'Every refund, newest first, with its RBI deadline',
          description: 'The same paging rule as the history: an empty body answers the plain list.',
          body: merchantRefundsRequestSchema,
          response: { 200: merchantRefundsResponseSchema, ...errors },
        },
      },
      async (request) => merchant.refunds(request.body),
    );

    app.post(
      '/phonepe/refund',
      {
        onRequest: requireMerchant,
        schema: {
          tags,
          security,
          summary: 'Refund a completed transaction through the gateway that charged it',
          description:
            '`amount` is paise (absent: everything not yet refunded). The same request again (the same ' +
            '`Idempotency-Key`, or while the first is pending) answers the first refund and moves no money.',
          headers: refundHeadersSchema,
          body: refundRequestSchema,
          response: { 200: messageResponseSchema, ...refundErrors },
        },
      },
      async (request) =>
        merchant.refund({
          ...request.body,
          merchantId: currentUser(request).id,
          idempotencyKey: request.headers['idempotency-key'],
        }),
    );
  };
}
