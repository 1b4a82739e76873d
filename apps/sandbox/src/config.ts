import { z } from 'zod';
import type { SandboxConfig } from './modules.ts';

/** The sandbox's settings; the defaults match the api's defaults so `npm start` needs none. */
const envSchema = z.object({
  SANDBOX_HOST: z.string().default('0.0.0.0'),
  SANDBOX_PORT: z.coerce.number().int().min(0).default(3001),
  SANDBOX_SMTP_PORT: z.coerce.number().int().min(0).default(2525),
  SANDBOX_PUBLIC_URL: z.string().url().optional(),
  SANDBOX_BILLERS: z.coerce.number().int().min(0).default(0),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  PAYU_KEY: z.string().default('erti_test_key'),
  PAYU_SALT: z.string().default('erti_test_salt'),
  PHONEPE_CLIENT_ID: z.string().default('ERTI_TEST_CLIENT'),
  PHONEPE_CLIENT_SECRET: z.string().default('erti-test-client-secret'),
  PHONEPE_CALLBACK_USERNAME: z.string().default('ertipay'),
  PHONEPE_CALLBACK_PASSWORD: z.string().default('ertipaycallback1'),
  RAZORPAY_KEY_ID: z.string().default('rzp_test_ertipay0001'),
  RAZORPAY_KEY_SECRET: z.string().default('erti_razorpay_test_secret'),
  RAZORPAY_WEBHOOK_SECRET: z.string().default('erti_razorpay_webhook_secret'),
  SANDBOX_BBPS_SECRET: z.string().min(1).default('erti_bbps_test_secret'),
  SANDBOX_BBPS_AUTH: z.string().optional(),
});

export function loadSandboxEnv(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  const publicUrl = parsed.SANDBOX_PUBLIC_URL ?? `http://localhost:${parsed.SANDBOX_PORT}`;
  const config: SandboxConfig = sandboxConfigFor({
    publicUrl,
    apiUrl: parsed.PUBLIC_URL,
    extraBillers: parsed.SANDBOX_BILLERS,
  });
  Object.assign(config, {
    payuKey: parsed.PAYU_KEY,
    payuSalt: parsed.PAYU_SALT,
    phonepeClientId: parsed.PHONEPE_CLIENT_ID,
    phonepeClientSecret: parsed.PHONEPE_CLIENT_SECRET,
    phonepeCallbackUsername: parsed.PHONEPE_CALLBACK_USERNAME,
    phonepeCallbackPassword: parsed.PHONEPE_CALLBACK_PASSWORD,
    razorpayKeyId: parsed.RAZORPAY_KEY_ID,
    razorpayKeySecret: parsed.RAZORPAY_KEY_SECRET,
    razorpayWebhookSecret: parsed.RAZORPAY_WEBHOOK_SECRET,
    bbpsSecret: parsed.SANDBOX_BBPS_SECRET,
    bbpsAuth: parsed.SANDBOX_BBPS_AUTH,
  });
  return { host: parsed.SANDBOX_HOST, port: parsed.SANDBOX_PORT, smtpPort: parsed.SANDBOX_SMTP_PORT, config };
}

/** Sandbox settings with the shared test credentials, for a given sandbox and api address. */
export function sandboxConfigFor(options: {
  publicUrl: string;
  apiUrl: string;
  extraBillers?: number;
  settleAfterMs?: SandboxConfig['settleAfterMs'];
}): SandboxConfig {
  return {
    publicUrl: options.publicUrl,
    extraBillers: options.extraBillers ?? 0,
    payuKey: 'erti_test_key',
    payuSalt: 'erti_test_salt',
    phonepeClientId: 'ERTI_TEST_CLIENT',
    phonepeClientSecret: 'erti-test-client-secret',
    phonepeCallbackUsername: 'ertipay',
    phonepeCallbackPassword: 'ertipaycallback1',
    phonepeCallbackUrl: `${options.apiUrl}/api/phonepe/callback`,
    razorpayKeyId: 'rzp_test_ertipay0001',
    razorpayKeySecret: 'erti_razorpay_test_secret',
    razorpayWebhookSecret: 'erti_razorpay_webhook_secret',
    razorpayWebhookUrl: `${options.apiUrl}/api/razorpay/webhook`,
    bbpsSecret: 'erti_bbps_test_secret',
    settleAfterMs: options.settleAfterMs ?? { pending: 5_000, refund: 3_000 },
  };
}
