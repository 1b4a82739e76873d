import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createAuth } from '../src/plugins/auth.ts';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { sessionEnded } from './support/test-database.ts';

const config = loadConfig({ NODE_ENV: 'test' });

/** A database whose session lookup fails as `failure` says: the query builder's chain, then `execute`. */
function databaseFailingWith(failure: Error): Database {
  const chain: unknown = new Proxy(() => chain, {
    get: (_target, property) =>
      property === 'prepare' ? () => ({ execute: () => Promise.reject(failure) }) : () => chain,
  });
  return chain as Database;
}

/** A signed-in route behind `requireUser`, on an app with the api's error handler. */
function appWith(db: Database) {
  const auth = createAuth(config, db);
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/mine', { onRequest: auth.requireUser }, async () => ({ ok: true }));
  return app;
}

const tokenSignedWith = (secret: string) =>
  new SignJWT({ sid: 'ses_1' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('usr_1')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));

describe('a signed-in call when the session cannot be read', () => {
  it('answers 503 (try again) when the database connection was lost, not 401: the customer stays signed in', async () => {
    const app = appWith(databaseFailingWith(sessionEnded()));
    const token = await tokenSignedWith(config.JWT_SECRET);
    const response = await app.inject({
      method: 'GET',
      url: '/mine',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('UNAVAILABLE');
  });

  it('still answers 401 for a token that does not check, without asking the database', async () => {
    const app = appWith(databaseFailingWith(new Error('the database must not be asked')));
    const forged = await tokenSignedWith('someone-else-secret-0123456789-0123456789');
    const response = await app.inject({
      method: 'GET',
      url: '/mine',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please login to continue');
  });
});
