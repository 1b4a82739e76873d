import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a reminder mail's one-click unsubscribe link (RFC 8058): the entry's id and an
 * HMAC-SHA256 of it under a key derived from the api's secret, so that nobody can make one for an
 * entry they did not get a mail about. It does not expire: an old mail's link must still work.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('erti my-bills unsubscribe v1').digest();
  const signatureOf = (myBillId: string) => createHmac('sha256', key).update(myBillId).digest('base64url');
  return {
    tokenFor: (myBillId: string) => `${Buffer.from(myBillId).toString('base64url')}.${signatureOf(myBillId)}`,
    /** The entry a token names, or undefined for a token we did not sign. */
    myBillIdOf(token: string): string | undefined {
      const [encodedId, signature, ...rest] = token.split('.');
      if (!encodedId || !signature || rest.length > 0) return undefined;
      const myBillId = Buffer.from(encodedId, 'base64url').toString();
      const expected = Buffer.from(signatureOf(myBillId));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? myBillId : undefined;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
