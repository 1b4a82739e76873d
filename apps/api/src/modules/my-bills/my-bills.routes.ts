import {
  addMyBillRequestSchema,
  messageResponseSchema,
  myBillIdParamsSchema,
  myBillSchema,
  unsubscribeQuerySchema,
  updateMyBillRequestSchema,
} from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyedMessage } from '../../answer-messages.ts';
import { type Auth, currentUser } from '../../plugins/auth.ts';
import type { MyBillsService } from './my-bills.service.ts';
import { confirmUnsubscribePage, unsubscribedPage } from './unsubscribe-page.ts';

const tags = ['my-bills'];
const security = [{ bearer: [] }];
/** The unsubscribe link's calls: no login, the signed token in the query. */
const unsubscribeSchema = (description: string) => ({
  tags,
  description,
  querystring: unsubscribeQuerySchema,
});

/** `/api/my-bills` (decision 072): a signed-in customer's own entries; the unsubscribe link needs no login. */
export function myBillsRoutes(options: { myBills: MyBillsService; auth: Auth }): FastifyPluginAsyncZod {
  const { myBills, auth } = options;
  return async (app) => {
    app.get(
      '/my-bills',
      {
        preHandler: auth.requireUser,
        schema: {
          tags,
          security,
          description:
            "The customer's My Bills, newest first, each with its latest bill (amounts in rupees) and state.",
          response: { 200: z.array(myBillSchema) },
        },
      },
      async (request) => myBills.list(currentUser(request).id),
    );

    app.post(
      '/my-bills',
      {
        preHandler: auth.requireUser,
        schema: {
          tags,
          security,
          description:
            'Adds a biller account with a nickname; its bill is checked at once. The same account twice is a 409.',
          body: addMyBillRequestSchema,
          response: { 201: myBillSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await myBills.add(currentUser(request).id, request.body)),
    );

    app.get(
      '/my-bills/unsubscribe',
      {
        schema: unsubscribeSchema(
          "The reminder mail's unsubscribe link: a page that asks; it changes nothing by itself.",
        ),
      },
      async (request, reply) => {
        const entry = await myBills.unsubscribeTarget(request.query.token);
        const action = `/api/my-bills/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
        return reply.type('text/html; charset=utf-8').send(confirmUnsubscribePage(entry, action));
      },
    );

    app.post(
      '/my-bills/unsubscribe',
      {
        schema: unsubscribeSchema(
          "One-click unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`): that bill's reminders off, without a login.",
        ),
      },
      async (request, reply) => {
        const entry = await myBills.unsubscribe(request.query.token);
        return reply.type('text/html; charset=utf-8').send(unsubscribedPage(entry));
      },
    );

    app.get(
      '/my-bills/:id',
      {
        preHandler: auth.requireUser,
        schema: { tags, security, params: myBillIdParamsSchema, response: { 200: myBillSchema } },
      },
      async (request) => myBills.get(currentUser(request).id, request.params.id),
    );

    app.patch(
      '/my-bills/:id',
      {
        preHandler: auth.requireUser,
        schema: {
          tags,
          security,
          description: 'Turns the reminders of one entry on or off.',
          params: myBillIdParamsSchema,
          body: updateMyBillRequestSchema,
          response: { 200: myBillSchema },
        },
      },
      async (request) =>
        myBills.setReminders(currentUser(request).id, request.params.id, request.body.remindersOn),
    );

    app.delete(
      '/my-bills/:id',
      {
        preHandler: auth.requireUser,
        schema: { tags, security, params: myBillIdParamsSchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await myBills.remove(currentUser(request).id, request.params.id);
        return keyedMessage('myBills.removed');
      },
    );
  };
}
