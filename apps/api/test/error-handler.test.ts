import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isConnectionLost } from '../src/db/query-error.ts';
import { AppError } from '../src/errors.ts';
import { GatewayUnavailableError } from '../src/integrations/payment-gateway.ts';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { sessionEnded } from './support/test-database.ts';

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/fails', async () => {
    throw error;
  });
  return app;
}

describe('a database connection lost under a request', () => {
  it.each([
    ['a session the server ended (57P01)', sessionEnded(), true],
    ['a failed query wrapping it', new DrizzleQueryError('select 1', [], sessionEnded()), true],
    ['a connection that went away', new Error('Connection terminated unexpectedly'), true],
    [
      'a connection used after it went away',
      new Error('Client has encountered a connection error and is not queryable'),
      true,
    ],
    [
      'a connection exception (08006)',
      Object.assign(new Error('connection failure'), { code: '08006' }),
      true,
    ],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' }), false],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'amount')"), false],
  ])('is told apart: %s', (_name, error, lost) => {
    expect(isConnectionLost(error)).toBe(lost);
  });

  it('answers 503 with Retry-After and a message to try again, never a 500', async () => {
    const app = await appThrowing(new DrizzleQueryError('select * from billers', ['secret'], sessionEnded()));
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'We could not finish that just now. Please try again in a moment.',
    });
    expect(response.body).not.toContain('secret');
  });

  it('answers 503 to try again when a payment gateway could not be asked, never a 500', async () => {
    const app = await appThrowing(new GatewayUnavailableError('phonepe', '/refund/rfd_1/status', 'HTTP 503'));
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(response.body).not.toContain('rfd_1');
  });

  it('says when to try again on a 503 of its own (the bill network or a biller not answering)', async () => {
    const app = await appThrowing(new AppError('UNAVAILABLE', 'The biller is not responding.'));
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    const refused = await (await appThrowing(new AppError('BAD_REQUEST', 'No.'))).inject({ url: '/fails' });
    expect(refused.headers['retry-after']).toBeUndefined();
  });

  it('keeps the 500 with a reference for everything else', async () => {
    const app = await appThrowing(new TypeError('boom'));
    const response = await app.inject({ method: 'GET', url: '/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/^Something went wrong on our side\. Reference: /);
  });
});
