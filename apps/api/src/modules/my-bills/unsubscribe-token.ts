import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a reminder mail's one-click unsubscribe link (RFC 8058): the entry's id and an
 * HMAC-SHA256 of it under a key derived from the api's secret, so that nobody can make one for an
 * entry they did not get a mail about. It does not expire: an old mail's link must still work.
 */
export function createUnsubscribeTokens(secret: string) {
  const tokens = createSignedIdTokens(secret, 'erti my-bills unsubscribe v1');
  return { tokenFor: tokens.tokenFor, myBillIdOf: tokens.idOf };
}

/**
 * Tokens that name one id, signed under a key of their own `purpose` (a token of one kind of link is
 * no token of another): the unsubscribe link's, AutoPay's skip link's (decision 079).
 */
export function createSignedIdTokens(secret: string, purpose: string) {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const signatureOf = (id: string) => createHmac('sha256', key).update(id).digest('base64url');
  return {
    tokenFor: (id: string) => `${Buffer.from(id).toString('base64url')}.${signatureOf(id)}`,
    /** The id a token names, or undefined for a token we did not sign. */
    idOf(token: string): string | undefined {
      const [encodedId, signature, ...rest] = token.split('.');
      if (!encodedId || !signature || rest.length > 0) return undefined;
      const id = Buffer.from(encodedId, 'base64url').toString();
      const expected = Buffer.from(signatureOf(id));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
