import {
  duplicatePaymentErrorSchema,
  errorResponseSchema,
  orderDetailSchema,
  orderParamsSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  paymentStatusRequestSchema,
  paymentStatusResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@erti/contracts';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIpAddress } from '../../integrations/bbps/agent-device.ts';
import type { Payer, UserRoute } from '../../integrations/gateway-port.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { type Auth, currentUser } from '../../plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
/** The answers of a pay call (a hand-off) besides its 200. */
export const payErrors = { ...errors, 409: duplicatePaymentErrorSchema, 502: errorResponseSchema };
const security = [{ bearer: [] as never[] }];

export const payerOf = (request: FastifyRequest): Payer => ({
  user: currentUser(request),
  ip: clientIpAddress(request.ip),
});

/** A signed-in user's call: the session is checked first, and the api docs say a bearer token is needed. */
export const userRouteOf =
  (auth: Auth) =>
  <Schema extends FastifySchema>(schema: Schema): UserRoute<Schema> => ({
    preHandler: auth.requireUser,
    schema: { tags: ['payments'], security, ...schema },
  });

/**
 * The signed-in user's payment calls (spec section 7, Payments) besides the hand-offs (each gateway's
 * plug-in registers its own), and their orders. The server prices every order; bodies are validated
 * by the contracts' schemas.
 */
export function paymentsRoutes(options: { orders: OrdersService; auth: Auth }): FastifyPluginAsyncZod {
  const { orders } = options;
  const forUser = userRouteOf(options.auth);
  return async (app) => {
    app.post(
      '/orders/quote',
      forUser({ body: quoteRequestSchema, response: { 200: quoteResponseSchema, ...errors } }),
      async (request) => orders.quote(currentUser(request), request.body),
    );

    app.post(
      '/phonepe/pay/status',
      forUser({
        body: paymentStatusRequestSchema,
        response: { 200: paymentStatusResponseSchema, ...errors },
      }),
      async (request) => orders.paymentStatus(currentUser(request), request.body.merchantOrderId),
    );

    app.get(
      '/orders',
      forUser({ querystring: ordersQuerySchema, response: { 200: ordersResponseSchema, ...errors } }),
      async (request) => orders.listOrders(currentUser(request), request.query.page, request.query.pageSize),
    );

    app.get(
      '/orders/:orderId',
      forUser({ params: orderParamsSchema, response: { 200: orderDetailSchema, ...errors } }),
      async (request) => orders.orderDetail(currentUser(request), request.params.orderId),
    );

    app.get(
      '/orders/:orderId/receipt.pdf',
      forUser({ params: orderParamsSchema }),
      async (request, reply) => {
        const pdf = await orders.receipt(
          currentUser(request),
          request.params.orderId,
          requestLanguage(request),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="erti-receipt-${request.params.orderId}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
