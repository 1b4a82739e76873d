import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client.ts';
import type { StopJobWorker } from './jobs/job-queue.ts';
import { settlesBefore } from './lib/settles-before.ts';

/**
 * Whether the api process is shutting down (decision 066). From the signal on, readiness answers
 * 503, so that a load balancer stops sending, and every answer closes its connection, so that no
 * client (nginx's kept-alive upstream connections included) sends another request on it.
 */
export interface Lifecycle {
  readonly stopping: boolean;
  beginStopping(): void;
}

export function createLifecycle(app: FastifyInstance): Lifecycle {
  let stopping = false;
  // Without it, closing the server waits for each kept-alive connection to time out (72 s) after
  // its last answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  return {
    get stopping() {
      return stopping;
    },
    beginStopping: () => {
      stopping = true;
    },
  };
}

/** What a graceful shutdown stops. */
export interface ShutdownParts {
  lifecycle: Lifecycle;
  app: FastifyInstance;
  stopWorker: StopJobWorker;
  /** The process's other listeners (the metrics), closed once the api's requests are done. */
  otherServers: { close(): Promise<void> }[];
  database: DatabaseHandle;
  graceMs: number;
  logger: FastifyBaseLogger;
}

/** Kept at the end of the grace after a running job's lease is handed back, to close the database. */
const CLOSING_RESERVE_MS = 1_000;

/**
 * The order of a graceful shutdown, on the first SIGTERM or SIGINT (decision 066): stop being ready,
 * stop listening while the requests in flight finish and the job worker finishes (or hands back)
 * its job, close the other listeners, close the database, exit 0. Past `graceMs`, exit 1.
 */
export function gracefulShutdown(parts: ShutdownParts): (signal: string) => Promise<void> {
  let begun = false;
  return async (signal) => {
    if (begun) return;
    begun = true;
    const { graceMs, logger } = parts;
    const started = Date.now();
    const goneBy = started + graceMs;
    const handBackAt = goneBy - Math.min(CLOSING_RESERVE_MS, graceMs / 5);
    parts.lifecycle.beginStopping();
    logger.info({ signal, graceMs }, 'shutting down: finishing the requests and the job in flight');
    const overdue = setTimeout(() => {
      logger.error({ graceMs }, 'shutdown took longer than SHUTDOWN_GRACE_MS; exiting unfinished');
      process.exit(1);
    }, graceMs);
    try {
      const [, cutShort] = await Promise.all([parts.app.close(), parts.stopWorker({ handBackAt, goneBy })]);
      for (const server of parts.otherServers) await server.close();
      // A job cut short may hold a database session until it ends, which would take the grace: the
      // server ends that session when the process exits.
      if (cutShort) await settlesBefore(parts.database.close(), (handBackAt + goneBy) / 2);
      else await parts.database.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(overdue);
    logger.info({ ms: Date.now() - started }, 'shut down');
    process.exit(0);
  };
}
