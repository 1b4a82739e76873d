import { type AccountRole, messages } from '@erti/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';
import { sessions, users } from '../db/schema/accounts.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { newId } from '../lib/ids.ts';

export interface AuthUser {
  id: string;
  role: AccountRole;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

/** How many checked tokens are remembered (one per signed-in device in use; the oldest go first). */
const VERIFIED_TOKENS_KEPT = 10_000;
/**
 * How long the rate limit believes what a session lookup found (live or ended) before it reads the
 * session again; a route's own lookup renews it (decision 068).
 */
const SESSION_BELIEVED_MS = 60_000;

interface TokenClaims {
  sub: string;
  sid: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** Whether the token's session was live when last read, believed until `believedUntil` (ms). */
  live?: boolean;
  believedUntil?: number;
}

/** What a session lookup found about a token, for the rate limit to believe a while. */
function believe(claims: TokenClaims, live: boolean) {
  claims.live = live;
  claims.believedUntil = Date.now() + SESSION_BELIEVED_MS;
}

/** `Bearer <token>`, the scheme in any case and one or more spaces after it (RFC 7235 section 2.1). */
const BEARER_CREDENTIALS = /^bearer +(\S+) *$/i;

function bearerTokenOf(request: FastifyRequest): string | undefined {
  return BEARER_CREDENTIALS.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Signed, expiring tokens backed by a session row, so that deleting an account (or a future
 * "log out everywhere") revokes every token at once.
 */
export function createAuth(config: Config, db: Database) {
  const secret = new TextEncoder().encode(config.JWT_SECRET);
  /**
   * Tokens whose signature was already checked, until they expire. Node checks an HMAC through
   * WebCrypto, which costs more than the session lookup itself; a token that verified once verifies
   * until its expiry, and the session row (revocation) is still read on every call.
   */
  const verifiedTokens = new Map<string, TokenClaims>();
  /** The account behind a live session: read on every signed-in call, so built and prepared once. */
  const sessionUser = db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.deletedAt),
      ),
    )
    .prepare('auth_session_user');

  async function claimsOf(token: string): Promise<TokenClaims | undefined> {
    const known = verifiedTokens.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    // An expired token is checked again below (and refused); it need not be remembered any longer.
    verifiedTokens.delete(token);
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
    if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT)
      verifiedTokens.delete(verifiedTokens.keys().next().value as string);
    const claims = { sub, sid, exp };
    verifiedTokens.set(token, claims);
    return claims;
  }

  /** Opens a session and signs its token; pass the caller's transaction when inside one. */
  async function issueToken(userId: string, executor: Executor = db): Promise<string> {
    const sessionId = newId('ses');
    const expiresAt = new Date(Date.now() + config.JWT_TTL_SECONDS * 1000);
    await executor.insert(sessions).values({ id: sessionId, userId, expiresAt });
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(secret);
  }

  /**
   * MERCHANT_EMAILS (an operator convenience): a listed account becomes a merchant on its first
   * signed-in call, so the profile that the navigation bar reads already says so (decision 042).
   */
  async function grantListedMerchant(userId: string, email: string | null): Promise<AccountRole> {
    if (!email || !config.MERCHANT_EMAILS.includes(email.toLowerCase())) return 'user';
    await db
      .update(users)
      .set({ role: 'merchant', updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.role, 'user')));
    return 'merchant';
  }

  /** The row of a token's live session, or undefined; what it found is believed a while. */
  async function liveSessionOf(claims: TokenClaims) {
    const [row] = await sessionUser.execute({ sessionId: claims.sid, userId: claims.sub, now: new Date() });
    believe(claims, row !== undefined);
    return row;
  }

  /**
   * The account of a request's live session: the rate limit's key (decision 068). A token whose
   * signature checks but whose session ended (logged out, or one made up with a known secret) is a
   * visitor's, counted by its address. Synchronous for a token whose session was read in the last
   * minute, as most are; a database failure counts the request by its address too (the route
   * answers for itself).
   */
  function tokenAccountOf(request: FastifyRequest): string | undefined | Promise<string | undefined> {
    const token = bearerTokenOf(request);
    if (!token) return undefined;
    const known = verifiedTokens.get(token);
    const now = Date.now();
    if (known && known.exp * 1000 > now && (known.believedUntil ?? 0) > now) {
      return known.live ? known.sub : undefined;
    }
    return claimsOf(token)
      .then(async (claims) => (claims && (await liveSessionOf(claims)) ? claims.sub : undefined))
      .catch(() => undefined);
  }

  /** The request's session was just ended (logged out): its token counts by address from now on. */
  function sessionEnded(request: FastifyRequest) {
    const claims = verifiedTokens.get(bearerTokenOf(request) ?? '');
    if (claims) believe(claims, false);
  }

  /**
   * The signed-in account of a request, or undefined for a visitor, a token that does not check
   * (forged, malformed, expired) or a session that ended. A database failure is thrown, not read as
   * signed out: the site would take a 401 as the end of the session and sign the customer out (the
   * chaos run's ended PostgreSQL sessions did); the error handler answers 503, try again.
   */
  async function userFromRequest(request: FastifyRequest): Promise<AuthUser | undefined> {
    const token = bearerTokenOf(request);
    if (!token) return undefined;
    const payload = await claimsOf(token).catch(() => undefined);
    if (!payload) return undefined;
    const row = await liveSessionOf(payload);
    if (!row) return undefined;
    const role = row.role === 'user' ? await grantListedMerchant(row.id, row.email) : row.role;
    return { id: row.id, role, sessionId: payload.sid };
  }

  /**
   * A route hook, as `onRequest` (it refuses before the body is read, so a stranger learns nothing
   * about a valid body) or `preHandler`: a signed-in user is required ('Please login to continue').
   */
  async function requireUser(request: FastifyRequest): Promise<void> {
    const user = await userFromRequest(request);
    if (!user) throw unauthorized(messages.validation.loginToContinue);
    request.user = user;
  }

  /** A route hook like `requireUser`: the merchant role is required. */
  async function requireMerchant(request: FastifyRequest): Promise<void> {
    await requireUser(request);
    if (request.user?.role !== 'merchant')
      throw forbidden('You are not allowed to open the merchant dashboard');
  }

  return { issueToken, tokenAccountOf, sessionEnded, userFromRequest, requireUser, requireMerchant };
}

export type Auth = ReturnType<typeof createAuth>;

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(messages.validation.loginToContinue);
  return request.user;
}
