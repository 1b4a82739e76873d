import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. Helmet (and @fastify/helmet, which calls
 * it on every request) parses the whole policy per response; the result never changes, so we keep it.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Security headers (a real Content-Security-Policy among them) and the request id on every answer. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    done();
  });
}
