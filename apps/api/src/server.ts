import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { keepNewFilesPrivate, repairPrivateModes } from './db/private-files.ts';
import { createSmtpMailer } from './integrations/mail/mailer.ts';
import { startJobWorker } from './jobs/job-queue.ts';
import { gracefulShutdown } from './lifecycle.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { openOperatorSocket } from './operator/operator-socket.ts';

/** The settings, or the list of what is wrong with them on stderr and exit 1 (no stack trace). */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

// Before anything is written: the embedded database and the operator socket are this user's alone.
keepNewFilesPrivate();
const config = configOrExit();
// PostgreSQL writes PG_VERSION first in a database directory: without it, PGlite is about to make one.
const databaseIsNew = !existsSync(join(config.DATA_DIR, 'PG_VERSION'));
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  holder: 'the api server (npm start or npm run dev)',
}).catch((error) => {
  // Another process has the embedded database: say so plainly, without a stack trace.
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const embeddedOnDisk = database.kind === 'pglite' && !config.DATA_DIR.startsWith('memory://');
// Held by this process now (the lock), the directory an older version made readable by all is made
// private. PGlite sets the modes of the files it creates itself, so a new database is repaired too,
// but only an existing one is worth a warning.
const repairedModes = embeddedOnDisk ? repairPrivateModes(config.DATA_DIR) : 0;
await database.migrate();
const { app, modules, jobHandlers, lifecycle, metrics, clock } = await buildApp({
  config,
  database,
  mailer: createSmtpMailer(config),
});
if (repairedModes > 0 && !databaseIsNew)
  app.log.warn(
    { dataDir: config.DATA_DIR, repaired: repairedModes },
    `the database directory was open to other users: ${repairedModes} modes made private (directories 0700, files 0600)`,
  );

await app.listen({ host: config.HOST, port: config.PORT });
const metricsServer =
  config.METRICS_PORT === 0
    ? undefined
    : await startMetricsServer(metrics, {
        host: config.METRICS_HOST,
        port: config.METRICS_PORT,
        logger: app.log,
      });
// `npm run cli` cannot open the embedded database while this process has it: it asks us (decision 077).
const operatorSocket = embeddedOnDisk
  ? await openOperatorSocket({ dataDir: config.DATA_DIR, executor: database.db, logger: app.log })
  : undefined;
const stopWorker = config.JOBS_ENABLED
  ? startJobWorker(database.db, jobHandlers, app.log, config.JOB_POLL_MS, clock)
  : async () => false;
for (const module of modules) {
  module
    .onReady?.()
    .catch((error) => app.log.error({ err: error, module: module.name }, 'module start-up failed'));
}

const shutDown = gracefulShutdown({
  lifecycle,
  app,
  stopWorker,
  otherServers: [metricsServer, operatorSocket].filter((server) => server !== undefined),
  database,
  graceMs: config.SHUTDOWN_GRACE_MS,
  logger: app.log,
});
process.on('SIGINT', () => void shutDown('SIGINT'));
process.on('SIGTERM', () => void shutDown('SIGTERM'));
// Started by a test run over an IPC channel (e2e/support/servers.ts): when that run is killed, the
// channel closes and the server stops rather than living on, holding its ports and database.
if (process.channel) process.once('disconnect', () => void shutDown('parent gone'));
