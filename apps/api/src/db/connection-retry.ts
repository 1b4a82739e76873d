import { setTimeout as sleep } from 'node:timers/promises';
import { isConnectionLost } from './query-error.ts';

/**
 * Runs `work` again, up to `attempts` times in all, while it fails because the database connection
 * went away under it (a failover, a restart, an administrator ending sessions). For work that is
 * whole or nothing, such as the migrations in their one transaction: a start-up that met an ended
 * session tries again rather than ending the process. Any other failure is thrown at once.
 */
export async function retryWhileConnectionLost<T>(
  work: () => Promise<T>,
  { attempts = 5, pauseMs = 500 }: { attempts?: number; pauseMs?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isConnectionLost(error)) throw error;
      await sleep(pauseMs * attempt);
    }
  }
}
