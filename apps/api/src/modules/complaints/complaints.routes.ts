import {
  complaintStatusRequestSchema,
  complaintStatusResponseSchema,
  complaintVerificationRequestSchema,
  complaintVerificationResponseSchema,
  errorResponseSchema,
  myComplaintsResponseSchema,
  raiseComplaintRequestSchema,
  raiseComplaintResponseSchema,
  transactionQueryRequestSchema,
  transactionQueryResponseSchema,
} from '@erti/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { type Auth, currentUser } from '../../plugins/auth.ts';
import { perAddressRateLimit } from '../../plugins/rate-limit.ts';
import type { ComplaintsService } from './complaints.service.ts';
import type { PayerVerification } from './payer-verification.ts';
import type { TransactionQueries } from './transaction-queries.service.ts';

/** A raise request carries a screenshot of up to 1 MB, base64 encoded (4/3 larger). */
const RAISE_BODY_LIMIT = 1_600_000;
/** Lookups answer from the network: a person checks a few times a minute, a scraper many more. */
const LOOKUPS_PER_MINUTE = 30;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};
/** Visitors may call these; a Bearer token, when sent, links the call to the user. */
const optionalBearer: Record<string, string[]>[] = [{ bearer: [] }, {}];

export function complaintsRoutes(deps: {
  auth: Auth;
  complaints: ComplaintsService;
  payers: PayerVerification;
  transactions: TransactionQueries;
}): FastifyPluginAsyncZod {
  const { auth, complaints, payers, transactions } = deps;
  const signedInUserId = async (request: FastifyRequest) => (await auth.userFromRequest(request))?.id;
  // One count for both lookups, on top of the api-wide limit.
  const lookupRateLimit = perAddressRateLimit({ max: LOOKUPS_PER_MINUTE });

  return async (app) => {
    app.post(
      '/complaints',
      {
        bodyLimit: RAISE_BODY_LIMIT,
        schema: {
          tags: ['complaints'],
          summary: 'Raise a complaint',
          description:
            'A complaint naming a Bharat Connect transaction (by its Txn ID, or found by contact number, date ' +
            'and amount) is registered on the network with the NPCI disposition for its type of query; any ' +
            'other is kept for our support team. A Txn ID must be one of our payments and the caller its ' +
            'payer: signed in as them, or sending the `verificationCode` mailed to them (403 otherwise). The ' +
            "acknowledgement goes to the payer's or the signed-in account's address, never the `email` typed. " +
            'The screenshot (optional) must be a PNG, JPEG or WebP of at most 1 MB. 201 for a new complaint, ' +
            '200 when one about the same transaction is already open.',
          security: optionalBearer,
          body: raiseComplaintRequestSchema,
          response: { 200: raiseComplaintResponseSchema, 201: raiseComplaintResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { created, answer } = await complaints.raise(request.body, {
          userId: await signedInUserId(request),
          ip: request.ip,
        });
        return reply.status(created ? 201 : 200).send(answer);
      },
    );

    app.get(
      '/complaints/mine',
      {
        preHandler: auth.requireUser,
        schema: {
          tags: ['complaints'],
          summary: 'My complaints',
          description:
            "The signed-in customer's own complaints, newest first (at most 100), each with its last known " +
            'status and remarks; an open complaint on the network is asked about every hour.',
          security: [{ bearer: [] }],
          response: { 200: myComplaintsResponseSchema, ...errors },
        },
      },
      async (request) => complaints.mine(currentUser(request).id),
    );

    app.post(
      '/complaints/verification',
      {
        onRequest: lookupRateLimit,
        schema: {
          tags: ['complaints'],
          summary: 'Mail a code to the payer of a payment',
          description:
            'Mails a 6-digit code, valid 10 minutes, to the e-mail on the payment with this B-Connect Txn ID ' +
            "(the payer's account address), never to an address the caller gives; answers it masked. A " +
            'complaint about the payment from anyone not signed in as its payer carries the code.',
          body: complaintVerificationRequestSchema,
          response: { 200: complaintVerificationResponseSchema, ...errors, 502: errorResponseSchema },
        },
      },
      async (request) =>
        payers.sendCode(request.body.txnReferenceId, {
          ip: request.ip,
          language: requestLanguage(request),
        }),
    );

    app.post(
      '/complaints/status',
      {
        onRequest: lookupRateLimit,
        schema: {
          tags: ['complaints'],
          summary: 'Check a complaint status',
          description:
            "Our complaints answer with the network's latest status; others are tracked on the network " +
            '(Technical = a transaction complaint, Service = a service complaint).',
          body: complaintStatusRequestSchema,
          response: { 200: complaintStatusResponseSchema, ...errors },
        },
      },
      async (request) => complaints.status(request.body),
    );

    app.post(
      '/complaints/transactions',
      {
        onRequest: lookupRateLimit,
        schema: {
          tags: ['complaints'],
          summary: 'Transaction queries',
          description:
            'By B-Connect Txn ID: anyone gets the status and date; biller and amount only for the signed-in ' +
            'owner. By mobile number and dates (To not before From, not in the future, at most 90 days): signed-in ' +
            'users only, answering their own orders paid by or for that number.',
          security: optionalBearer,
          body: transactionQueryRequestSchema,
          response: { 200: transactionQueryResponseSchema, ...errors },
        },
      },
      async (request) => transactions.query(request.body, await signedInUserId(request)),
    );
  };
}
