import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The token of a reminder mail's one-click unsubscribe link (RFC 8058): the entry's id and an
 * HMAC-SHA256 of it, so that nobody can make one for an entry they did not get a mail about. It does
 * not expire: an old mail's link works while its key is among LINK_SIGNING_KEYS.
 */
export function createUnsubscribeTokens(keys: readonly string[]) {
  const tokens = createSignedIdTokens(keys, 'my-bills-unsubscribe');
  return { tokenFor: tokens.tokenFor, myBillIdOf: tokens.idOf };
}

/**
 * Tokens that name one id (decision 102), signed under a key of their own `purpose` derived from each
 * of `keys` (LINK_SIGNING_KEYS, newest first) by HKDF: a token of one kind of link is no token of
 * another, and no other secret of the api (the sessions' JWT_SECRET) signs one. A token is made under
 * the first key and accepted under any, so that a key can be rotated.
 */
export function createSignedIdTokens(keys: readonly string[], purpose: string) {
  if (keys.length === 0) throw new Error('No key to sign links with (LINK_SIGNING_KEYS)');
  const purposeKeys = keys.map((key) => Buffer.from(hkdfSync('sha256', key, '', `erti link ${purpose}`, 32)));
  const signatureOf = (key: Buffer, id: string) => createHmac('sha256', key).update(id).digest('base64url');
  const [signingKey] = purposeKeys as [Buffer];
  return {
    tokenFor: (id: string) => `${Buffer.from(id).toString('base64url')}.${signatureOf(signingKey, id)}`,
    /** The id a token names, or undefined for a token none of our keys signed. */
    idOf(token: string): string | undefined {
      const [encodedId, signature, ...rest] = token.split('.');
      if (!encodedId || !signature || rest.length > 0) return undefined;
      const id = Buffer.from(encodedId, 'base64url').toString();
      const given = Buffer.from(signature);
      const signedByOne = purposeKeys.some((key) => {
        const expected = Buffer.from(signatureOf(key, id));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      return signedByOne ? id : undefined;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
