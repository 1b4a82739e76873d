import { Redis } from 'ioredis';

/**
 * How long a Redis command may take before the caller gives up on it. Redis answers in well under a
 * millisecond on the same network; a request must not wait longer than this for a Redis that hangs.
 */
const COMMAND_TIMEOUT_MS = 250;
/** How long start-up waits for the first connection before serving without it. */
const FIRST_CONNECTION_WAIT_MS = 2_000;

/**
 * A Redis client whose commands fail at once while the server is away (no offline queue, no retry
 * of a command), so that a request is answered without it; ioredis keeps reconnecting by itself.
 * Resolves once connected, or after a short wait when Redis is not there: the api starts anyway.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  await new Promise<void>((resolve) => {
    const settled = () => {
      clearTimeout(timer);
      redis.off('ready', settled);
      redis.off('error', settled);
      resolve();
    };
    const timer = setTimeout(settled, FIRST_CONNECTION_WAIT_MS);
    redis.once('ready', settled);
    redis.once('error', settled);
  });
  return redis;
}
