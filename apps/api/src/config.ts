import { statSync } from 'node:fs';
import type { Gateway } from '@erti/contracts';
import { z } from 'zod';
import {
  gatewayAdapter,
  gatewaySecrets,
  gatewaySettings,
  paymentGateways,
} from './integrations/payment-gateways.ts';

/**
 * Every setting of the api, parsed once at start-up from the environment. Nothing else reads
 * `process.env`. A bad value stops the process with a list of every bad key.
 */
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Prometheus' `GET /metrics`, on a port of its own, never the public one; 0 turns it off (decision 067). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Where the metrics listen: this host only, unless Prometheus scrapes from another. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  /** Signs the sessions' tokens; at least 32 bytes, in production a value of its own (decision 102). */
  JWT_SECRET: z.string().default('dev-only-secret-change-me-in-production-0123456789'),
  /**
   * The keys of the links in our mails (My Bills' unsubscribe, AutoPay's skip): a comma list, newest
   * first, each at least 32 bytes. Links are signed with the first and accepted under any, so a key is
   * rotated by putting a new one in front and removing the old one once its links may stop working.
   * Each kind of link has a key of its own, derived from these (decision 102).
   */
  LINK_SIGNING_KEYS: z
    .string()
    .default('dev-only-link-signing-key-change-me-in-production-0123456789')
    .transform((list) =>
      list
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    ),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24),
  SANDBOX_URL: z.string().url().default('http://localhost:3001'),
  SMTP_HOST: z.string().default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().default(2525),
  SMTP_SECURE: booleanString.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().default('Erti Pay <no-reply@ertipay.in>'),
  SUPPORT_EMAIL: z.string().email().default('support@ertipay.in'),
  /** The biller logo store; unset means the sandbox's `/logos`. */
  LOGO_BASE_URL: z.string().url().optional(),
  BBPS_BASE_URL: z.string().url().optional(),
  BBPS_AGENT_ID: z.string().length(20).default('EP01EP01INT000000001'),
  /** How long to wait for the bill network before telling the user to try again. */
  BBPS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  BBPS_MDM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * How often a replica that has heard nothing from the bill network for that long asks it the smallest
   * question there is, so that its state (`/api/health`, the customers' banner) stays true without
   * traffic; 0 turns the probe off (decision 110).
   */
  BBPS_PROBE_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * How POST bodies travel to the operating unit: `plain` JSON, or the `encrypted` envelope a real
   * Axis/TransXT unit wants, sealed with BBPS_SECRET (decision 052). The sandbox takes both.
   */
  BBPS_ENVELOPE: z.enum(['plain', 'encrypted']).default('plain'),
  /** The envelope's shared secret, from the unit's onboarding kit; required when encrypted. Never logged. */
  BBPS_SECRET: z.string().optional(),
  /** The credential the unit issues us, sent as the `AUTH` header on every call when set. */
  BBPS_AUTH: z.string().optional(),
  BILLER_SYNC_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60),
  /** Each payment gateway's own settings (PAYU_KEY, PHONEPE_CLIENT_ID, ...), from its adapter. */
  ...gatewaySettings,
  /** How long to wait for a payment gateway's API before treating the outcome as unknown (pending). */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * A hand-off the gateway never saw a payment for is closed as failed this long after it was made
   * (decision 064). PhonePe is asked to expire its checkout 5 minutes earlier. Short only in tests.
   */
  HANDOFF_EXPIRY_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(20 * 60),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * The folder an operator puts the network's official marks in (bharat-connect.svg/.png,
   * b-assured.svg/.png); a file missing there is the shipped placeholder (decision 132).
   */
  NETWORK_MARKS_DIR: z
    .string()
    .refine((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory(), 'is not a folder')
    .optional(),
  /**
   * The api's documentation (`/api/docs`), which lists every route, the merchants' too: served unless
   * in production, where only `true` serves it (decision 103).
   */
  API_DOCS: booleanString.optional(),
  /**
   * The Razorpay test payment page (`/bbps`, `POST /api/bbps/pg/create-order`), which charges a
   * signed-in customer an amount of their choosing with no bill behind it: on unless in production,
   * where only `true` turns it on (decision 103).
   */
  TEST_PAYMENTS: booleanString.optional(),
  /** Requests a minute on `/api` from one visitor address (an IPv6 /64); signed-in calls count per account. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Requests a minute on `/api` from one signed-in account, from whatever addresses (decision 068). */
  ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /**
   * OTP mails an hour from one address (an IPv6 client by its /64), but those a browser known to the
   * account asks for (decision 104).
   */
  OTP_MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Redis, which shares the rate limits among replicas; unset means each process counts alone. */
  REDIS_URL: z.string().url().optional(),
  /** Put before every key the api writes in Redis, so several deployments (or tests) can share one. */
  REDIS_KEY_PREFIX: z.string().default('erti:'),
  /**
   * Which proxies may tell us the customer's address in X-Forwarded-For (Fastify's trustProxy): the
   * address keys the rate limit and goes to Bharat Connect as the agent device's IP, so the header
   * from anyone else is ignored. 'loopback' (a proxy on this host) by default, or a comma list of
   * addresses and CIDRs (a load balancer elsewhere).
   */
  TRUST_PROXY: z.string().min(1).default('loopback'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /**
   * Operator convenience (demos, end-to-end tests): signed-in accounts with these e-mails (a comma list)
   * get the merchant role on their first merchant dashboard call. `npm run cli -- grant-merchant` is the
   * normal way.
   */
  MERCHANT_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** How often each biller in My Bills is asked for a new bill, in hours (jittered by a tenth either way). */
  BILL_CHECK_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 31)
    .default(24),
  /** The most bill checks a minute sent to one biller, from every replica together. */
  BILL_CHECKS_PER_BILLER_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** The hour of the day, India time, at which the due-date reminders of My Bills go out. */
  REMINDER_HOUR_IST: z.coerce.number().int().min(0).max(23).default(9),
  /**
   * Tests only: the api reads a clock that `POST /__test/clock` moves forward, so that days pass in
   * a test (decision 073). Refused in production.
   */
  TEST_CLOCK: booleanString.default(false),
  JOBS_ENABLED: booleanString.default(true),
  JOB_POLL_MS: z.coerce.number().int().positive().default(1000),
  /**
   * How long a SIGTERM or SIGINT waits for the requests and the job in flight before the process exits
   * 1 anyway; a job still running near the end is handed back to the queue. Longer than a request's
   * longest wait for an outside system (BBPS_TIMEOUT_MS) (decision 066).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(20_000),
});

export type Config = z.infer<typeof configSchema>;

/** A surface for developers and demos (decision 103): on unless in production, where only `true` turns it on. */
export function surfaceOn(config: Config, setting: 'API_DOCS' | 'TEST_PAYMENTS'): boolean {
  return config[setting] ?? config.NODE_ENV !== 'production';
}

/**
 * The secrets production checks (decision 102): each must be its own (not a default, not a value
 * printed in .env.example) and at least 32 bytes, except those a provider issues at a length of its
 * choosing (Razorpay's key secret has 24 characters), which must be at least 16. `always`: production
 * must set it; the others are checked when set.
 */
const SECRET_RULES: { name: keyof Config; issued: boolean; always: boolean }[] = [
  { name: 'JWT_SECRET', issued: false, always: true },
  { name: 'LINK_SIGNING_KEYS', issued: false, always: true },
  ...gatewaySecrets.map((secret) => ({ ...secret, always: true })),
  { name: 'BBPS_SECRET', issued: true, always: false },
  { name: 'BBPS_AUTH', issued: true, always: false },
  { name: 'SMTP_PASS', issued: true, always: false },
];
export const PRODUCTION_SECRETS: string[] = SECRET_RULES.map((rule) => rule.name);

/**
 * The secret values printed in .env.example (a test holds the two together), refused in production
 * beside every secret's default: anybody can read them.
 */
const ENV_EXAMPLE_SECRETS = [
  'change-me-to-a-long-random-secret-in-production',
  'change-me-to-a-long-random-key-for-the-links-in-mails',
  'erti_bbps_test_secret',
];
const PUBLIC_SECRET_VALUES = new Set([
  ...ENV_EXAMPLE_SECRETS,
  ...SECRET_RULES.flatMap((rule) => [configSchema.shape[rule.name].parse(undefined) ?? []].flat()),
]);

/** The addresses of the outside world, which production must name: unset, they point at this machine. */
const OUTSIDE_ADDRESSES: (keyof Config)[] = [
  'PUBLIC_URL',
  'BBPS_BASE_URL',
  ...paymentGateways.map((adapter) => adapter.baseUrlSetting),
  'LOGO_BASE_URL',
];

/** What is wrong with one secret's value(s) in production, in the operator's words. */
function secretProblems(rule: (typeof SECRET_RULES)[number], value: unknown, named: boolean): string[] {
  const values = [value ?? []].flat().filter((each): each is string => typeof each === 'string');
  if (!named || values.length === 0)
    return rule.always ? [`${rule.name}: must be set in production (its default is public)`] : [];
  const minimum = rule.issued ? 16 : 32;
  return values.flatMap((each, index) => {
    const which = values.length > 1 ? `${rule.name}: key ${index + 1}` : `${rule.name}:`;
    if (PUBLIC_SECRET_VALUES.has(each))
      return [`${which} must be set in production to a value of its own (this one is public: .env.example)`];
    const bytes = Buffer.byteLength(each);
    return bytes < minimum
      ? [`${which} must be at least ${minimum} bytes in production (it has ${bytes})`]
      : [];
  });
}

/** Everything production refuses: public or short secrets, outside addresses left to their defaults. */
function productionProblems(config: Config, named: (name: keyof Config) => boolean): string[] {
  const secrets = SECRET_RULES.flatMap((rule) => secretProblems(rule, config[rule.name], named(rule.name)));
  const addresses = OUTSIDE_ADDRESSES.filter((name) => !named(name)).map(
    (name) => `${name}: must be set in production (unset, it points at this machine or the sandbox)`,
  );
  const clock = config.TEST_CLOCK ? ['TEST_CLOCK: is for tests only and never set in production'] : [];
  return [...secrets, ...addresses, ...clock];
}

/** Each setting that parses, for the checks to read beside the ones that do not (reported by zod). */
function parsedEach(env: NodeJS.ProcessEnv): Config {
  const values = Object.entries(configSchema.shape).map(([name, schema]) => [
    name,
    schema.safeParse(env[name]).data,
  ]);
  return Object.fromEntries(values) as Config;
}

/**
 * The settings from `env` (then `overrides`), or one error that lists every problem at once: a value
 * that does not parse, and in production a public or short secret or an outside address not named.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = configSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const config: Config = { ...(parsed.success ? parsed.data : parsedEach(env)), ...overrides };
  const named = (name: keyof Config) => env[name] !== undefined || overrides[name] !== undefined;
  if (config.NODE_ENV === 'production') problems.push(...productionProblems(config, named));
  if (config.BBPS_ENVELOPE === 'encrypted' && !config.BBPS_SECRET)
    problems.push('BBPS_SECRET: must be set when BBPS_ENVELOPE is encrypted');
  if (Buffer.byteLength(config.JWT_SECRET) < 32 && config.NODE_ENV !== 'production')
    problems.push('JWT_SECRET: must be at least 32 bytes');
  if (config.LINK_SIGNING_KEYS.length === 0) problems.push('LINK_SIGNING_KEYS: must name at least one key');
  if (problems.length > 0)
    throw new Error(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return config;
}

/** Base URL of an outside system (the bill network or a gateway): its own setting, else the sandbox. */
export function outsideBaseUrl(config: Config, system: 'bbps' | Gateway): string {
  if (system === 'bbps') return config.BBPS_BASE_URL ?? `${config.SANDBOX_URL}/bou`;
  return config[gatewayAdapter(system).baseUrlSetting] ?? `${config.SANDBOX_URL}/${system}`;
}
