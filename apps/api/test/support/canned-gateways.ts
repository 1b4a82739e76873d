import { vi } from 'vitest';
import { createPayuGateway } from '../../src/integrations/payu/payu-gateway.ts';
import { createPhonepeGateway } from '../../src/integrations/phonepe/phonepe-gateway.ts';
import { createRazorpayGateway } from '../../src/integrations/razorpay/razorpay-gateway.ts';

/**
 * The three gateway clients on an address nobody answers, for adapter tests that answer every call
 * with `gatewayAnswers` (restore with `vi.restoreAllMocks()`).
 */
export const cannedBase = 'http://gateway.test';

export function cannedGateways() {
  const options = { baseUrl: cannedBase, timeoutMs: 1000 };
  return {
    payu: createPayuGateway({ ...options, key: 'k', salt: 's' }),
    phonepe: createPhonepeGateway({
      ...options,
      clientId: 'c',
      clientSecret: 's',
      clientVersion: '1',
      callbackUsername: 'u',
      callbackPassword: 'p',
    }),
    razorpay: createRazorpayGateway({
      ...options,
      keyId: 'rzp_test_x',
      keySecret: 'secret',
      webhookSecret: 'hook',
    }),
  };
}

/** Answers every gateway call with `body` (PhonePe's token call with a token first). */
export function gatewayAnswers(body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    const answer = String(url).includes('/oauth/token')
      ? { access_token: 't', token_type: 'O-Bearer', issued_at: 1, expires_at: 4_000_000_000 }
      : body;
    return new Response(JSON.stringify(answer), { status: 200 });
  });
}
