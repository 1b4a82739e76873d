import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  duplicatePaymentErrorSchema,
  errorResponseSchema,
  orderDetailSchema,
  orderParamsSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  paymentStatusRequestSchema,
  paymentStatusResponseSchema,
  payuHashRequestSchema,
  payuHashResponseSchema,
  phonepePayRequestSchema,
  phonepePayResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@erti/contracts';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIpAddress } from '../../integrations/bbps/agent-device.ts';
import { type Auth, currentUser } from '../../plugins/auth.ts';
import type { OrdersService, Payer } from './orders.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const payErrors = { ...errors, 409: duplicatePaymentErrorSchema, 502: errorResponseSchema };
const security = [{ bearer: [] }];

const payerOf = (request: FastifyRequest): Payer => ({
  user: currentUser(request),
  ip: clientIpAddress(request.ip),
});

/**
 * The signed-in user's payment calls (spec section 7, Payments) and their orders. The server prices
 * every order; bodies are validated by the contracts' schemas.
 */
export function paymentsRoutes(options: { orders: OrdersService; auth: Auth }): FastifyPluginAsyncZod {
  const { orders, auth } = options;
  /** A signed-in user's call: the session is checked first, and the api docs say a bearer token is needed. */
  const forUser = <Schema extends FastifySchema>(schema: Schema) => ({
    preHandler: auth.requireUser,
    schema: { tags: ['payments'], security, ...schema },
  });
  return async (app) => {
    app.post(
      '/orders/quote',
      forUser({ body: quoteRequestSchema, response: { 200: quoteResponseSchema, ...errors } }),
      async (request) => orders.quote(currentUser(request), request.body),
    );

    app.post(
      '/payu/generate-hash',
      forUser({ body: payuHashRequestSchema, response: { 200: payuHashResponseSchema, ...payErrors } }),
      async (request) => orders.startPayu(payerOf(request), request.body),
    );

    app.post(
      '/phonepe/pay',
      forUser({ body: phonepePayRequestSchema, response: { 200: phonepePayResponseSchema, ...payErrors } }),
      async (request) => orders.startPhonepe(payerOf(request), request.body),
    );

    app.post(
      '/phonepe/pay/status',
      forUser({
        body: paymentStatusRequestSchema,
        response: { 200: paymentStatusResponseSchema, ...errors },
      }),
      async (request) => orders.paymentStatus(currentUser(request), request.body.merchantOrderId),
    );

    app.post(
      '/bbps/pg/create-order',
      forUser({ body: createOrderRequestSchema, response: { 200: createOrderResponseSchema, ...payErrors } }),
      async (request) => orders.startRazorpayTest(payerOf(request), request.body),
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
        const pdf = await orders.receipt(currentUser(request), request.params.orderId);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="erti-receipt-${request.params.orderId}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
