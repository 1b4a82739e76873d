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

/**
 * What an api answer (JSON, a receipt PDF, a redirect) needs: nothing in it may run or be framed,
 * the browser must not guess its type, and it stays on HTTPS (the OWASP REST Security Cheat Sheet's
 * set). A page's longer policy would only add bytes to every answer.
 */
const apiHeaders: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** What X-Frame-Options says for each `frame-ancestors` it can say: nobody, or our own pages. */
const FRAME_OPTIONS_OF_ANCESTORS: Record<string, string> = { "'none'": 'DENY', "'self'": 'SAMEORIGIN' };

/**
 * The headers with X-Frame-Options saying what the policy's `frame-ancestors` says (helmet's default,
 * SAMEORIGIN, let our own pages frame a page that `frame-ancestors 'none'` forbids: browsers that read
 * only the older header would have allowed it). Ancestors it cannot say leave the header out: the
 * policy alone then decides, as every current browser lets it (decision 109).
 */
export function withAgreeingFrameOptions(headers: Record<string, string>): Record<string, string> {
  const ancestors = /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1];
  if (ancestors === undefined) return headers;
  const { 'x-frame-options': _helmets, ...others } = headers;
  const frameOptions = FRAME_OPTIONS_OF_ANCESTORS[ancestors.trim()];
  return frameOptions ? { ...others, 'x-frame-options': frameOptions } : others;
}

/** Api answers, but not the api's documentation pages (HTML with their own policy). */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers and the request id on every answer: the page's policy (`pageOptions`, a real
 * Content-Security-Policy among them) on the web app and its files, the api's on api answers.
 */
export function registerSecurityHeaders(app: FastifyInstance, pageOptions: HelmetOptions): void {
  const pageHeaders = withAgreeingFrameOptions(securityHeadersOf(pageOptions));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders).header('x-request-id', request.id);
    done();
  });
}
