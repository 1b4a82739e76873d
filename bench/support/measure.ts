import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { percentileByWindow } from './statistics.ts';

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL and keeps the figures the README reports. */
export async function measure(
  name: string,
  options: {
    url: string;
    connections?: number;
    durationSeconds?: number;
    method?: 'GET' | 'POST';
    body?: unknown;
    headers?: Record<string, string>;
    overallRate?: number;
    /** One path and/or body per request, in order (cycled), instead of the same one every time. */
    each?: { path?: string; body?: unknown }[];
    /** Stop after this many requests instead of after `durationSeconds`. */
    amount?: number;
  },
): Promise<Measurement> {
  const each = options.each?.map((request) => ({
    ...(request.path ? { path: request.path } : {}),
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  }));
  let next = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 100,
    duration: options.durationSeconds ?? 10,
    ...(options.amount ? { amount: options.amount } : {}),
    method: options.method ?? 'GET',
    overallRate: options.overallRate,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    ...(each
      ? { requests: [{ setupRequest: (request) => ({ ...request, ...each[next++ % each.length] }) }] }
      : {}),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Sends one request every 1000/`ratePerSecond` ms, each with the next of `bodies`, whether or not the
 * earlier ones were answered (an open loop, as independent customers arrive), over kept-alive
 * connections. Latency counts from the moment a request was due, so a slow answer cannot hide the
 * requests that should have followed it. autocannon's `overallRate` instead lets each connection send
 * its share of a second at once when the second starts: at 100 requests a second from 50 connections,
 * a burst of 100 requests every second, whose p99 is the time to drain the burst.
 */
export async function measurePaced(
  name: string,
  options: {
    url: string;
    ratePerSecond: number;
    bodies: unknown[];
    /**
     * The p99 of each window of this many seconds is reported too (`windowP99Ms`): a long run's
     * p99 is the better estimate, the windows show whether it varied.
     */
    windowSeconds?: number;
    method?: 'POST' | 'PUT';
    headers?: Record<string, string>;
  },
): Promise<Measurement & { windowP99Ms: number[] }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const intervalMs = 1000 / options.ratePerSecond;
  /** Each request's latency, by its place; none for a request that failed. */
  const latencies = new Array<number | undefined>(options.bodies.length).fill(undefined);
  let errors = 0;
  let non2xx = 0;
  const send = (body: unknown, dueAt: number, index: number) =>
    new Promise<void>((resolve) => {
      const payload = JSON.stringify(body);
      const request = httpRequest(
        options.url,
        {
          agent,
          method: options.method ?? 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...options.headers,
          },
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies[index] = performance.now() - dueAt;
            if ((response.statusCode ?? 0) >= 300) non2xx += 1;
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(payload);
    });
  const startedAt = performance.now();
  await Promise.all(
    options.bodies.map((body, index) => {
      const dueAt = startedAt + index * intervalMs;
      return new Promise<void>((resolve) => {
        setTimeout(() => send(body, dueAt, index).then(resolve), dueAt - performance.now());
      });
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  agent.destroy();
  const perWindow = options.windowSeconds ? options.windowSeconds * options.ratePerSecond : latencies.length;
  const p99 = percentileByWindow(latencies, 0.99, perWindow);
  return {
    name,
    requestsPerSecond: Math.round(options.bodies.length / seconds),
    p50Ms: Math.round(percentileByWindow(latencies, 0.5, latencies.length).whole),
    p99Ms: Math.round(p99.whole),
    errors,
    non2xx,
    windowP99Ms: p99.windows.map(Math.round),
  };
}
