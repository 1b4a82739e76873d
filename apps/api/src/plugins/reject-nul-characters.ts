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

/**
 * Walks keys and values without recursion (a body may be nested 100,000 levels deep) and without
 * spreading a container into arguments (a 1 MB body may hold 500,000 values, past the stack's room).
 */
function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
