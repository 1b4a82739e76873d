import type { Biller, HealthResponse, ReadinessResponse, SiteStatusResponse } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MetricsServer, startMetricsServer } from '../../src/metrics/metrics-server.ts';
import { customerNumber, type SignedInUser, startBillPaymentEnv } from '../support/bill-network.ts';
import type { TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 10: with the bill network down in the sandbox (every `/bou` call answered 503), this
 * replica stays ready (a load balancer must not drain every replica for a network they all share), and
 * `/api/health`, the metrics and the customers' status call say the network is down, then up again once
 * it answers (decision 110). First from customers' own calls alone, then from the probe with no traffic.
 */
let env: TestEnv;
let electricity: Biller;
let customer: SignedInUser;
let metricsServer: MetricsServer;

beforeAll(async () => {
  ({ env, electricity, user: customer } = await startBillPaymentEnv({ BBPS_PROBE_SECONDS: 1 }));
  metricsServer = await startMetricsServer(env.built.metrics, {
    host: '127.0.0.1',
    port: 0,
    logger: env.app.log,
  });
});
afterAll(async () => {
  await metricsServer?.close();
  await env?.close();
});

const get = (url: string) => env.app.inject({ method: 'GET', url });

/** The sandbox's bill network answers every call 503 until `networkBack`. */
async function networkDown() {
  const response = await fetch(`${env.sandboxUrl}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/bou', kind: 'error', status: 503 }),
  });
  expect(response.status).toBe(201);
}
const networkBack = () => fetch(`${env.sandboxUrl}/faults`, { method: 'DELETE' });

/** A customer's bill fetch, answered as the api answers it. */
const fetchBill = () =>
  env.app.inject({
    method: 'POST',
    url: `/api/bbps/prod/bill/${encodeURIComponent(electricity.billerCategoryName)}`,
    headers: customer.headers,
    payload: {
      chId: 1,
      isRealTimeFetch: true,
      custDetails: { mobileNo: '9876543210', customerTags: [] },
      billDetails: {
        billerId: electricity.billerId,
        customerParams: [
          {
            name: electricity.customerParams[0]?.paramName ?? '',
            value: customerNumber(electricity, '1234'),
          },
        ],
      },
    },
  });

/** `erti_outside_system_up{system="bbps"}` as Prometheus scrapes it, or undefined when absent. */
async function billNetworkUpMetric(): Promise<number | undefined> {
  const response = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
  const line = (await response.text())
    .split('\n')
    .find((sample) => sample.startsWith('erti_outside_system_up{system="bbps"}'));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

async function expectReady() {
  const response = await get('/api/health/ready');
  expect(response.statusCode).toBe(200);
  expect((response.json() as ReadinessResponse).status).toBe('ready');
}

/** `/api/health`, the metrics and `/api/status` all say the bill network is `state`. */
async function expectBillNetwork(state: 'up' | 'down') {
  const health = await get('/api/health');
  expect(health.statusCode).toBe(200);
  const answer = health.json() as HealthResponse;
  expect(answer.status).toBe('ok');
  expect(answer.outside.bbps).toMatchObject({ state, lastOutcome: state === 'up' ? 'ok' : 'unavailable' });
  expect(Date.parse(answer.outside.bbps.since ?? '')).not.toBeNaN();
  expect(await billNetworkUpMetric()).toBe(state === 'up' ? 1 : 0);
  const status = await get('/api/status');
  expect(status.json() as SiteStatusResponse).toEqual({ billNetwork: state });
  expect(status.headers['cache-control']).toBe('no-store');
}

describe('the bill network down, then back', () => {
  it("from customers' calls alone: down after two that could not be made, up at the next answer; ready throughout", async () => {
    expect((await fetchBill()).statusCode).toBe(200);
    await expectBillNetwork('up');
    await networkDown();
    try {
      expect((await fetchBill()).statusCode).toBe(503);
      // One failure is a blip: still up until a second call in a row fails too.
      expect(((await get('/api/health')).json() as HealthResponse).outside.bbps.state).toBe('up');
      expect((await fetchBill()).statusCode).toBe(503);
      await expectBillNetwork('down');
      await expectReady();
    } finally {
      await networkBack();
    }
    expect((await fetchBill()).statusCode).toBe(200);
    await expectBillNetwork('up');
    await expectReady();
  });

  it('from the probe, with no customer calling: down within seconds, up again once the network answers', async () => {
    const health = env.built.modules.find((module) => module.name === 'health');
    await health?.onReady?.();
    await networkDown();
    try {
      await vi.waitFor(() => expectBillNetwork('down'), { timeout: 20_000, interval: 250 });
      await expectReady();
      // The gateways and the mail server, never called here, are not made up: unknown, and no sample.
      const outside = ((await get('/api/health')).json() as HealthResponse).outside;
      expect(outside.payu).toEqual({ state: 'unknown', since: null, lastCallAt: null, lastOutcome: null });
    } finally {
      await networkBack();
    }
    await vi.waitFor(() => expectBillNetwork('up'), { timeout: 20_000, interval: 250 });
    await expectReady();
  });
});
