import {
  autopayReturnQuerySchema,
  autopaySchema,
  myBillIdParamsSchema,
  turnOnAutopayRequestSchema,
  turnOnAutopayResponseSchema,
  unsubscribeQuerySchema,
} from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { type Auth, currentUser } from '../../plugins/auth.ts';
import type { AutopayService } from './autopay.service.ts';
import { confirmSkipPage, skippedPage } from './skip-page.ts';

const tags = ['autopay'];
const security = [{ bearer: [] }];

/** `/api/my-bills/:id/autopay` and the links that come back from outside (decision 079). */
export function autopayRoutes(options: {
  autopay: AutopayService;
  auth: Auth;
  skipTokens: { idOf(token: string): string | undefined };
  config: Pick<Config, 'PUBLIC_URL'>;
}): FastifyPluginAsyncZod {
  const { autopay, auth } = options;
  const change = (description: string) => ({
    preHandler: auth.requireUser,
    schema: { tags, security, description, params: myBillIdParamsSchema, response: { 200: autopaySchema } },
  });
  return async (app) => {
    app.post(
      '/my-bills/:id/autopay',
      {
        preHandler: auth.requireUser,
        schema: {
          tags,
          security,
          description:
            'Turns AutoPay on: a mandate up to the cap (rupees) at the gateway; the browser authorises it through `handOff`. 409 when it is on or paused.',
          params: myBillIdParamsSchema,
          body: turnOnAutopayRequestSchema,
          response: { 201: turnOnAutopayResponseSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await autopay.turnOn(currentUser(request).id, request.params.id, request.body)),
    );

    const returnRoute = {
      schema: {
        tags,
        description:
          "The mandate page's way back (PhonePe: GET; Razorpay: a form POST): the gateway is asked, the browser goes to My Bills.",
        querystring: autopayReturnQuerySchema,
      },
    };
    const backToMyBills = async (mandateId: string) => {
      const myBillId = await autopay.returned(mandateId);
      const query = myBillId ? `?autopay=${encodeURIComponent(myBillId)}` : '';
      return `${options.config.PUBLIC_URL}/my-bills${query}`;
    };
    app.get('/my-bills/autopay/return', returnRoute, async (request, reply) =>
      reply.redirect(await backToMyBills(request.query.mandate), 303),
    );
    app.post('/my-bills/autopay/return', returnRoute, async (request, reply) =>
      reply.redirect(await backToMyBills(request.query.mandate), 303),
    );

    const skipRoute = (description: string) => ({
      schema: { tags, description, querystring: unsubscribeQuerySchema },
    });
    app.get(
      '/my-bills/autopay/skip',
      skipRoute("The pre-debit mail's skip link: a page that asks; it changes nothing by itself."),
      async (request, reply) => {
        const action = `/api/my-bills/autopay/skip?token=${encodeURIComponent(request.query.token)}`;
        return reply.type('text/html; charset=utf-8').send(confirmSkipPage(action));
      },
    );
    app.post(
      '/my-bills/autopay/skip',
      skipRoute('Skips the debit the pre-debit mail names, without a login, if it has not started.'),
      async (request, reply) => {
        const debitId = options.skipTokens.idOf(request.query.token);
        const outcome = debitId ? await autopay.skipByLink(debitId) : { skipped: false };
        return reply
          .status(!debitId ? 404 : outcome.skipped ? 200 : 409)
          .type('text/html; charset=utf-8')
          .send(debitId ? skippedPage(outcome.entry) : skippedPage());
      },
    );

    app.post(
      '/my-bills/:id/autopay/pause',
      change('Pauses AutoPay: no notice and no debit while paused.'),
      async (request) => autopay.pause(currentUser(request).id, request.params.id),
    );
    app.post('/my-bills/:id/autopay/resume', change('Resumes paused AutoPay.'), async (request) =>
      autopay.resume(currentUser(request).id, request.params.id),
    );
    app.post(
      '/my-bills/:id/autopay/skip',
      change(
        "Skips the current bill's debit; AutoPay stays on for the next bill. 409 once the debit has started.",
      ),
      async (request) => autopay.skip(currentUser(request).id, request.params.id),
    );
    app.delete(
      '/my-bills/:id/autopay',
      change('Cancels AutoPay: the mandate is revoked at the gateway.'),
      async (request) => autopay.cancel(currentUser(request).id, request.params.id),
    );
  };
}
