import type { FastifyInstance } from 'fastify';

/** A customer's own data: never kept by a shared cache, nor by the browser's own (decision 109). */
const PRIVATE_ANSWER = 'private, no-store';

/** Whether a route's documented security names the bearer token, alone or as one of its choices. */
const namesBearer = (security: unknown): boolean =>
  Array.isArray(security) &&
  security.some(
    (requirement) => typeof requirement === 'object' && requirement !== null && 'bearer' in requirement,
  );

/**
 * Every answer of a route that reads a session (its api document asks for a bearer token) or of a
 * request that was signed in is `private, no-store`: the profile, orders, My Bills, AutoPay and
 * complaints, their refusals included, in one place rather than route by route. Public answers (the
 * catalogue's cached lists, the site configuration) keep what their routes set, whoever asks.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.user || namesBearer(request.routeOptions.schema?.security))
      reply.header('cache-control', PRIVATE_ANSWER);
    done(null, payload);
  });
}
