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
