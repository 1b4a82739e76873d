import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  AccessLog,
  LOG_SERIALIZERS,
  REDACTED_LOG_PATHS,
  requestLoggerFactory,
} from '../src/plugins/request-logger.ts';

/** A Fastify app logging as the api does, at `level`, into `lines`; GET /fails logs an error. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, redact: REDACTED_LOG_PATHS, serializers: LOG_SERIALIZERS },
    childLoggerFactory: requestLoggerFactory,
    logController: new AccessLog(),
    genReqId: () => 'req-1',
  });
  const childOptions: unknown[] = [];
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    childOptions.push(args[1]);
    return child(...args);
  };
  app.get('/ok', async () => ({ ok: true }));
  app.get('/quiet', { logLevel: 'warn' }, async () => ({ ok: true }));
  app.post('/otp', async (request) => {
    request.log.info({ body: request.body }, 'checking a code');
    return { ok: true };
  });
  app.get('/query-fails', async (request) => {
    const cause = new Error('duplicate key value violates unique constraint "users_email_key"');
    const params = ['$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'asha@example.com', '9876543210'];
    const error = new DrizzleQueryError('insert into "users" values ($1, $2, $3)', params, cause);
    request.log.error({ err: error }, 'unhandled error');
    return { ok: false };
  });
  app.get('/fails', async (request) => {
    request.log.error({ orderId: 'ord_1' }, 'the gateway did not answer');
    return { ok: false };
  });
  await app.ready();
  return { app, lines, children: () => childOptions.length, childOptions };
}

describe('request logging', () => {
  it('writes one access line per request at info, with the request id, status and time', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      reqId: 'req-1',
      msg: 'request completed',
      req: { method: 'GET', url: '/ok?x=1' },
      res: { statusCode: 200 },
    });
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
  });

  it('writes access lines through one logger for the app, made without the redaction', async () => {
    const { app, lines, childOptions } = await appLoggingAt('info');
    for (const url of ['/ok', '/ok?page=2', '/ok?page=3']) await app.inject({ method: 'GET', url });
    expect(lines.map((line) => (line.req as { url: string }).url)).toEqual([
      '/ok',
      '/ok?page=2',
      '/ok?page=3',
    ]);
    expect(lines[0]).toMatchObject({ req: { host: 'localhost:80', remoteAddress: '127.0.0.1' } });
    expect(childOptions).toEqual([{ redact: [] }]);
  });

  it("keeps a route's own log level for its access line", async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(lines).toHaveLength(0);
  });

  it('answers as usual in an app without logging', async () => {
    const app = Fastify({
      logger: false,
      childLoggerFactory: requestLoggerFactory,
      logController: new AccessLog(),
    });
    const responded: number[] = [];
    app.addHook('onResponse', async (_request, reply) => {
      responded.push(reply.statusCode);
    });
    app.get('/ok', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    expect(responded).toEqual([200]);
  });

  it("still redacts what a request's own lines show, beside its access line", async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({
      method: 'POST',
      url: '/otp',
      headers: { authorization: 'Bearer secret-token' },
      payload: { otp: '123456', password: 'hunter22' },
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ body: { otp: '[Redacted]', password: '[Redacted]' }, reqId: 'req-1' });
    expect(lines[1]).toMatchObject({ msg: 'request completed', reqId: 'req-1', res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toMatch(/123456|hunter22|secret-token/);
  });

  it('makes no child logger for a request that writes nothing at warn', async () => {
    const { app, lines, children } = await appLoggingAt('warn');
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines).toHaveLength(0);
    expect(children()).toBe(0);
  });

  it("still writes a request's error, with its request id, at warn", async () => {
    const { app, lines, children } = await appLoggingAt('warn');
    await app.inject({ method: 'GET', url: '/fails' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'req-1', orderId: 'ord_1', msg: 'the gateway did not answer' });
    expect(children()).toBe(1);
  });

  it("writes a failed query's error with the query and the database's reason, never its values", async () => {
    const { app, lines } = await appLoggingAt('error');
    await app.inject({ method: 'GET', url: '/query-fails' });
    const written = JSON.stringify(lines);
    expect(written).toContain('Failed query: insert into \\"users\\" values ($1, $2, $3)');
    expect(written).toContain('duplicate key value violates unique constraint');
    for (const value of ['$argon2id$', 'asha@example.com', '9876543210', 'params:']) {
      expect(written).not.toContain(value);
    }
  });
});
