import { contactMessageSchema, errorResponseSchema, messageResponseSchema } from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './contact.service.ts';

export function contactRoutes(service: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact',
      {
        schema: {
          tags: ['contact'],
          summary: 'Send a message to support',
          description:
            'Stores the message and e-mails it to support (reply-to the sender). At most 5 messages per ' +
            'sender address in 10 minutes. When the mail server fails the answer is 502 and the message is ' +
            'retried in the background.',
          body: contactMessageSchema,
          response: {
            200: messageResponseSchema,
            400: errorResponseSchema,
            429: errorResponseSchema,
            502: errorResponseSchema,
          },
        },
      },
      async (request) => service.send(request.body, request.ip),
    );
  };
}
