import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';

/** The route label of a request no route matched: one label, whatever the URL (decision 067). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every answered request by its route's pattern (`/api/orders/:orderId`, never the URL: one
 * series per route, not per order) and status, with its time taken: one histogram observation in a
 * callback hook. `/metrics` on the public port answers 404: the figures have their own port.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  // Without this route the site's history fallback would answer index.html (200) to a scraper.
  app.get('/metrics', { schema: { hide: true } }, (_request, reply) =>
    reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No route for GET /metrics' }),
  );
}
