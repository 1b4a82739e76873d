import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { OutsideCallRecorder } from '../integrations/outside-calls.ts';
import type { OutsideSystems } from '../integrations/outside-systems.ts';
import type { JobHandler } from '../jobs/job-queue.ts';
import type { Clock } from '../lib/clock.ts';
import type { NetworkMarks } from '../lib/network-marks.ts';
import type { Lifecycle } from '../lifecycle.ts';
import type { Auth } from '../plugins/auth.ts';

/** What every module may depend on; built once in `app.ts`. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  auth: Auth;
  logger: FastifyBaseLogger;
  /** Whether the process is shutting down (decision 066). */
  lifecycle: Lifecycle;
  /** The time the api acts on: the system's, or the test clock (decision 073). */
  clock: Clock;
  /** Hears of every call to an outside system (bill network, gateways, mail): the metrics and the states. */
  recordOutsideCall: OutsideCallRecorder;
  /** Each outside system's state as this replica sees it (decision 110). */
  outsideSystems: OutsideSystems;
  /** The network's marks: the operator's files, else the placeholders (decision 132). */
  networkMarks: NetworkMarks;
}

/**
 * A feature module: its HTTP routes (registered under `/api`), the background jobs it handles,
 * and work to do once the app is ready (for example the first biller sync).
 */
export interface AppModule {
  name: string;
  routes: FastifyPluginAsyncZod;
  jobs?: Record<string, JobHandler>;
  onReady?: () => Promise<void>;
}

export type ModuleFactory = (deps: AppDeps) => AppModule;
