import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildSandbox, type Sandbox } from '../../../sandbox/src/app.ts';
import { sandboxConfigFor } from '../../../sandbox/src/config.ts';
import type { SandboxConfig } from '../../../sandbox/src/modules.ts';
import { type BuiltApp, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { createSmtpMailer } from '../../src/integrations/mail/mailer.ts';
import { runDueJobs } from '../../src/jobs/job-queue.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestEnv {
  app: FastifyInstance;
  built: BuiltApp;
  config: Config;
  database: DatabaseHandle;
  sandbox: Sandbox;
  /** The sandbox's settings: its bill network reads the AUTH and secret on each call, so a test may change them. */
  sandboxConfig: SandboxConfig;
  sandboxUrl: string;
  apiUrl: string;
  /** Runs every due background job once (the worker is off in tests). */
  runJobs(): Promise<number>;
  /** The newest mail to `to` in the sandbox mailbox. */
  lastMail(to: string): { subject: string; text: string; html: string } | undefined;
  close(): Promise<void>;
}

const addressOf = (server: FastifyInstance) => {
  const { port } = server.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
};

/**
 * How long the sandbox lets a pending payment or a refund sit before settling it by itself. Long:
 * tests settle explicitly (`/_sandbox/settle`, the network clock), so a slow machine cannot move
 * an order on before the test looks at it.
 */
export const SANDBOX_SETTLES_AFTER_MS = 10 * 60_000;

/**
 * The whole system for an integration test: a real database, the sandbox over real HTTP (with
 * its SMTP mailbox), and the api listening on a free port so that gateway callbacks reach it.
 */
export async function startTestEnv(
  overrides: Partial<Config> = {},
  /** A database another env opened (a second replica of it); that env closes it. */
  sharedDatabase?: DatabaseHandle,
): Promise<TestEnv> {
  const sandboxConfig = sandboxConfigFor({
    publicUrl: 'http://127.0.0.1:0',
    apiUrl: 'http://127.0.0.1:0',
    settleAfterMs: { pending: SANDBOX_SETTLES_AFTER_MS, refund: SANDBOX_SETTLES_AFTER_MS },
  });
  const sandbox = await buildSandbox(sandboxConfig);
  const smtpPort = await sandbox.mailbox.listen(0);
  await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  const sandboxUrl = addressOf(sandbox.app);
  sandboxConfig.publicUrl = sandboxUrl;

  const database = sharedDatabase ?? (await openTestDatabase());
  const config = loadConfig(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SANDBOX_URL: sandboxUrl,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: smtpPort,
      JOBS_ENABLED: false,
      RATE_LIMIT_PER_MINUTE: 10_000,
      OTP_MAILS_PER_ADDRESS_PER_HOUR: 10_000,
      ...overrides,
    },
  );
  const built = await buildApp({ config, database, mailer: createSmtpMailer(config) });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const apiUrl = addressOf(built.app);
  config.PUBLIC_URL = apiUrl;
  sandboxConfig.phonepeCallbackUrl = `${apiUrl}/api/phonepe/callback`;
  sandboxConfig.razorpayWebhookUrl = `${apiUrl}/api/razorpay/webhook`;

  return {
    app: built.app,
    built,
    config,
    database,
    sandbox,
    sandboxConfig,
    sandboxUrl,
    apiUrl,
    runJobs: () => runDueJobs(database.db, built.jobHandlers, built.app.log, 100, built.clock),
    lastMail: (to) => sandbox.mailbox.list(to)[0],
    close: async () => {
      await built.app.close();
      if (!sharedDatabase) await database.close();
      await sandbox.app.close();
      await sandbox.mailbox.close();
    },
  };
}
