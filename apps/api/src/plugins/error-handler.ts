import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from '../db/query-error.ts';
import { keyOfMessage } from '../error-message-keys.ts';
import { AppError } from '../errors.ts';
import { GatewayUnavailableError } from '../integrations/payment-gateway.ts';

const TRY_AGAIN = 'We could not finish that just now. Please try again in a moment.';

/**
 * One error model: 400 with field messages for invalid input, the AppError's status and message
 * for rule violations, 4xx messages from Fastify itself (bad JSON, wrong content type, too large),
 * 503 when the database connection was lost under the request or a payment gateway could not be asked
 * (a gateway's callback is then sent again, and a customer may try again), and 500 with the request id and
 * nothing internal for everything else. A message the api lists (error-message-keys.ts) also carries its
 * `messageKey` and `messageValues`, so the site can show it in the customer's language.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION',
        message: first ? (first[0] === 'body' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request',
        // The key of the field's own message: the site shows it in the customer's language.
        ...(first && keyOfMessage(first[1])),
        fields,
      });
    }
    if (error instanceof AppError) {
      // Every 503 says when to try again (RFC 9110): an outside system is down for a moment.
      if (error.statusCode === 503) reply.header('retry-after', '5');
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        error: STATUS_CODES[error.statusCode] ?? 'Error',
        code: error.code,
        message: error.message,
        ...keyOfMessage(error.message),
        ...error.details,
      });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const name = error.name ?? 'Error';
      return reply
        .status(status)
        .send({ statusCode: status, error: name, code: error.code, message: error.message });
    }
    const gatewayDown = error instanceof GatewayUnavailableError;
    if (gatewayDown || isConnectionLost(error)) {
      // The database went away under the statement (a failover, a restart), or a gateway did not answer
      // (a refund callback whose status check met PhonePe down: chaos, replicas): try again.
      request.log.warn(
        { err: error },
        gatewayDown
          ? 'a payment gateway did not answer during the request'
          : 'the database connection was lost during the request',
      );
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({
          statusCode: 503,
          error: 'Service Unavailable',
          code: 'UNAVAILABLE',
          message: TRY_AGAIN,
          ...keyOfMessage(TRY_AGAIN),
          requestId: request.id,
        });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      statusCode: 500,
      error: 'Internal Server Error',
      message: `Something went wrong on our side. Reference: ${request.id}`,
      requestId: request.id,
    });
  });
}
