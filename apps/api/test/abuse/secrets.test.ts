import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Biller, MyBill } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_SECRETS } from '../../../../scripts/run-settings.mjs';
import { buildApp } from '../../src/app.ts';
import { loadConfig, PRODUCTION_SECRETS } from '../../src/config.ts';
import { createSmtpMailer } from '../../src/integrations/mail/mailer.ts';
import {
  customerNumber,
  type SignedInUser,
  signedInUser,
  startBillPaymentEnv,
} from '../support/bill-network.ts';
import {
  envExampleSettings,
  productionEnv,
  sandboxAddresses,
  strongSecret,
} from '../support/production-settings.ts';
import type { TestEnv } from '../support/test-env.ts';

/**
 * Issue 35, item 1: secrets that are public. Production refuses a secret anyone can read (a default, a
 * value of .env.example) or a short one, and an outside address it was not given; the links in our
 * mails are signed with keys of their own, which rotate, never with the session secret.
 */

const exampleValue = (name: string) => envExampleSettings().find((setting) => setting.name === name)?.value;
const EXAMPLE_JWT_SECRET = exampleValue('JWT_SECRET') ?? '';

/** The one error loadConfig throws for `env`, or '' if it accepts it. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('production settings', () => {
  it('start with secrets of their own and every outside address named', () => {
    expect(refusal(productionEnv())).toBe('');
    expect(EXAMPLE_JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it(".env.example's JWT secret is refused, though it is long enough", () => {
    const message = refusal({ ...productionEnv(), JWT_SECRET: EXAMPLE_JWT_SECRET });
    expect(message).toMatch(/^ {2}JWT_SECRET: must be set in production to a value of its own/m);
    expect(message).not.toContain(EXAMPLE_JWT_SECRET);
  });

  it('refuse every secret value printed in .env.example, each by its name', () => {
    const printed = envExampleSettings().filter(
      (setting) => PRODUCTION_SECRETS.includes(setting.name) && setting.value !== '',
    );
    expect(printed.map((setting) => setting.name)).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'LINK_SIGNING_KEYS', 'PAYU_SALT', 'BBPS_SECRET']),
    );
    for (const { name, value } of printed)
      expect(refusal({ ...productionEnv(), [name]: value }), name).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
    // A secret added to .env.example is a secret the production check knows.
    const secretLooking = envExampleSettings()
      .map((setting) => setting.name)
      .filter(
        (name) => /SECRET|SALT|PASSWORD|_PASS$|SIGNING|_AUTH$/.test(name) && !name.startsWith('SANDBOX_'),
      );
    expect(PRODUCTION_SECRETS).toEqual(expect.arrayContaining(secretLooking));
  });

  it('refuse secrets shorter than 32 bytes, naming every one in the same error', () => {
    const message = refusal({
      ...productionEnv(),
      JWT_SECRET: 'x'.repeat(31),
      RAZORPAY_WEBHOOK_SECRET: 'own-webhook-secret',
      LINK_SIGNING_KEYS: `${strongSecret()},short-old-key`,
    });
    expect(message).toMatch(/^ {2}JWT_SECRET: must be at least 32 bytes/m);
    expect(message).toMatch(/^ {2}RAZORPAY_WEBHOOK_SECRET: must be at least 32 bytes/m);
    expect(message).toMatch(/^ {2}LINK_SIGNING_KEYS: key 2 must be at least 32 bytes/m);
  });

  it('left at their defaults, name every secret and every outside address at once', () => {
    const message = refusal({ NODE_ENV: 'production' });
    // The secrets and addresses the scripts give a system they start, that production would otherwise refuse.
    const required = [...RUN_SECRETS, 'PUBLIC_URL', ...Object.keys(sandboxAddresses('http://sandbox.test'))];
    expect(required).toHaveLength(13);
    for (const name of required)
      expect(message, name).toMatch(new RegExp(`^ {2}${name}: must be set in production`, 'm'));
  });

  it('refuse an outside address left to point at the sandbox on localhost', () => {
    for (const name of [
      'PUBLIC_URL',
      'BBPS_BASE_URL',
      'PAYU_BASE_URL',
      'PHONEPE_BASE_URL',
      'RAZORPAY_BASE_URL',
    ]) {
      const { [name]: _left, ...env } = productionEnv();
      expect(refusal(env), name).toMatch(new RegExp(`^ {2}${name}: must be set in production`, 'm'));
    }
  });

  it('keep working defaults in development and tests', () => {
    expect(loadConfig({}).LINK_SIGNING_KEYS).toHaveLength(1);
    expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('stop the api process before it listens, naming the bad setting and not its value', async () => {
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const exit = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/server.ts'],
        {
          cwd: root,
          env: { ...inherited, ...productionEnv(), JWT_SECRET: EXAMPLE_JWT_SECRET, DATA_DIR: 'memory://' },
          // Today's code starts and serves: the test ends it rather than wait for it.
          timeout: 50_000,
        },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(exit.code).toBe(1);
    expect(exit.stderr).toMatch(/^ {2}JWT_SECRET: must be set in production to a value of its own/m);
    expect(exit.stderr).not.toContain(EXAMPLE_JWT_SECRET);
  }, 60_000);
});

describe('signed links in mails', () => {
  const firstKey = strongSecret();
  const secondKey = strongSecret();
  let env: TestEnv;
  let electricity: Biller;

  beforeAll(async () => {
    ({ env, electricity } = await startBillPaymentEnv({
      // The api's session secret is the one anybody can read in .env.example (a test setting).
      JWT_SECRET: EXAMPLE_JWT_SECRET,
      LINK_SIGNING_KEYS: [firstKey],
      TEST_CLOCK: true,
      BILL_CHECKS_PER_BILLER_PER_MINUTE: 60_000,
    }));
  });
  afterAll(async () => {
    await env?.close();
  });

  const add = async (who: SignedInUser, ending: string, nickname: string): Promise<MyBill> => {
    const response = await env.app.inject({
      method: 'POST',
      url: '/api/my-bills',
      headers: who.headers,
      payload: {
        billerId: electricity.billerId,
        customerParams: [
          {
            name: electricity.customerParams[0]?.paramName ?? '',
            value: customerNumber(electricity, ending),
          },
        ],
        nickname,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const remindersOn = async (who: SignedInUser, entry: MyBill) =>
    (await env.app.inject({ url: `/api/my-bills/${entry.id}`, headers: who.headers })).json().remindersOn;
  const oneClick = (app: TestEnv['app'], path: string) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  /** The path of the unsubscribe link in the reminder mail of `nickname`. */
  async function unsubscribePath(who: SignedInUser, nickname: string): Promise<string> {
    while ((await env.runJobs()) > 0);
    const mail = env.sandbox.mailbox.list(who.email).find((each) => each.subject.includes(nickname));
    const link = /^<(.+)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1];
    if (!link) throw new Error(`no reminder with an unsubscribe link for ${nickname}`);
    return new URL(link).pathname + new URL(link).search;
  }

  it('refuse a one-click unsubscribe forged with the session secret (the old scheme): reminders stay on', async () => {
    const customer = await signedInUser(env);
    const entry = await add(customer, '3501', 'Forged 3501');
    const oldKey = createHmac('sha256', EXAMPLE_JWT_SECRET).update('erti my-bills unsubscribe v1').digest();
    const forged = `${Buffer.from(entry.id).toString('base64url')}.${createHmac('sha256', oldKey).update(entry.id).digest('base64url')}`;

    const answer = await oneClick(env.app, `/api/my-bills/unsubscribe?token=${forged}`);
    expect(answer.statusCode).toBe(404);
    expect(await remindersOn(customer, entry)).toBe(true);
  });

  it('refuse an AutoPay skip link forged with the session secret (the old scheme)', async () => {
    const debitId = 'AD00000000000000000001';
    const oldKey = createHmac('sha256', EXAMPLE_JWT_SECRET).update('erti autopay skip v1').digest();
    const forged = `${Buffer.from(debitId).toString('base64url')}.${createHmac('sha256', oldKey).update(debitId).digest('base64url')}`;
    const answer = await env.app.inject({
      method: 'POST',
      url: `/api/my-bills/autopay/skip?token=${forged}`,
    });
    expect(answer.statusCode).toBe(404);
  });

  it('keep working under a key rotated out while it is listed, and not once it is removed', async () => {
    const customer = await signedInUser(env);
    const kept = await add(customer, '3502', 'Rotated 3502');
    const dropped = await add(customer, '3503', 'Rotated 3503');
    const keptPath = await unsubscribePath(customer, 'Rotated 3502');
    const droppedPath = await unsubscribePath(customer, 'Rotated 3503');

    const appWith = (keys: string[]) =>
      buildApp({
        config: { ...env.config, LINK_SIGNING_KEYS: keys },
        database: env.database,
        mailer: createSmtpMailer(env.config),
      });
    const rotated = await appWith([secondKey, firstKey]);
    const removed = await appWith([secondKey]);
    try {
      expect((await oneClick(rotated.app, keptPath)).statusCode).toBe(200);
      expect(await remindersOn(customer, kept)).toBe(false);

      expect((await oneClick(removed.app, droppedPath)).statusCode).toBe(404);
      expect(await remindersOn(customer, dropped)).toBe(true);
    } finally {
      await rotated.app.close();
      await removed.app.close();
    }
  });
});
