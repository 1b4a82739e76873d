import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog, requestLoggerFactory } from '../src/plugins/request-logger.ts';

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
    logger: { level, stream },
    childLoggerFactory: requestLoggerFactory,
    logController: new AccessLog(),
    genReqId: () => 'req-1',
  });
  let children = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  };
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async (request) => {
    request.log.error({ orderId: 'ord_1' }, 'the gateway did not answer');
    return { ok: false };
  });
  await app.ready();
  return { app, lines, children: () => children };
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
});
