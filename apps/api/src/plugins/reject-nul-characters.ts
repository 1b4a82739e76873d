import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in a request would fail in SQL
 * (a 500, after any outside call already made). Refuse it before validation instead, for every route.
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const found = [request.params, request.query, request.body].some(containsNul);
    done(found ? badRequest('Text may not contain the NUL character') : undefined);
  });
}

/** Walks keys and values without recursion (a body may be nested 100,000 levels deep). */
function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string' && next.includes('\u0000')) return true;
    if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next))
      pending.push(...Object.keys(next), ...Object.values(next));
  }
  return false;
}
