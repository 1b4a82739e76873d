import { z } from 'zod';
import { gatewaySettings } from './gateways.ts';
import type { SandboxConfig } from './modules.ts';

/** The sandbox's settings; the defaults match the api's defaults so `npm start` needs none. */
const envSchema = z.object({
  SANDBOX_HOST: z.string().default('0.0.0.0'),
  SANDBOX_PORT: z.coerce.number().int().min(0).default(3001),
  SANDBOX_SMTP_PORT: z.coerce.number().int().min(0).default(2525),
  SANDBOX_PUBLIC_URL: z.string().url().optional(),
  SANDBOX_BILLERS: z.coerce.number().int().min(0).default(0),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  SANDBOX_BBPS_SECRET: z.string().min(1).default('erti_bbps_test_secret'),
  SANDBOX_BBPS_AUTH: z.string().optional(),
  SANDBOX_NEW_BILL_HOURS: z.coerce.number().min(0).default(72),
  NODE_ENV: z.string().optional(),
  TEST_CLOCK: z.enum(['true', 'false']).default('false'),
});

export function loadSandboxEnv(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  if (parsed.TEST_CLOCK === 'true' && parsed.NODE_ENV === 'production') {
    throw new Error('TEST_CLOCK is for tests only and never set in production');
  }
  const publicUrl = parsed.SANDBOX_PUBLIC_URL ?? `http://localhost:${parsed.SANDBOX_PORT}`;
  const config: SandboxConfig = sandboxConfigFor({
    publicUrl,
    apiUrl: parsed.PUBLIC_URL,
    extraBillers: parsed.SANDBOX_BILLERS,
    env,
  });
  Object.assign(config, {
    bbpsSecret: parsed.SANDBOX_BBPS_SECRET,
    bbpsAuth: parsed.SANDBOX_BBPS_AUTH,
    newBillHours: parsed.SANDBOX_NEW_BILL_HOURS,
    testClock: parsed.TEST_CLOCK === 'true',
  });
  return { host: parsed.SANDBOX_HOST, port: parsed.SANDBOX_PORT, smtpPort: parsed.SANDBOX_SMTP_PORT, config };
}

/**
 * Sandbox settings for a given sandbox and api address: the gateways' from `env`, by default none
 * set (the shared test credentials).
 */
export function sandboxConfigFor(options: {
  publicUrl: string;
  apiUrl: string;
  extraBillers?: number;
  settleAfterMs?: SandboxConfig['settleAfterMs'];
  env?: NodeJS.ProcessEnv;
}): SandboxConfig {
  return {
    publicUrl: options.publicUrl,
    extraBillers: options.extraBillers ?? 0,
    ...gatewaySettings(options.env ?? {}, options.apiUrl),
    bbpsSecret: 'erti_bbps_test_secret',
    settleAfterMs: options.settleAfterMs ?? { pending: 5_000, refund: 3_000 },
    newBillHours: 72,
    testClock: false,
  };
}
