import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * `error` as it may be written down: a failed query's error names the query's values in its message
 * and stack (`params: …`, which may be a password hash, an e-mail or a phone), so it is rewritten
 * with the query alone and the database's own error as its cause.
 */
export function withoutQueryValues(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const safe = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  safe.name = 'DrizzleQueryError';
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/** PostgreSQL's codes for a session the server ended or would not start (admin or crash shutdown, starting up). */
const SESSION_ENDED_CODES = new Set(['57P01', '57P02', '57P03']);
/** What pg says of a connection that went away under a statement, or of one used after it did. */
const CONNECTION_GONE = /^Connection terminated|not queryable|Connection ended/;

/**
 * Whether `error` (or what it wraps) says the database connection went away under the statement: a
 * failover, a restart, an administrator's pg_terminate_backend. Not our bug and not the customer's:
 * the request may be tried again a moment later.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (SESSION_ENDED_CODES.has(code) || code.startsWith('08'))) return true;
    if (CONNECTION_GONE.test(current.message)) return true;
  }
  return false;
}
