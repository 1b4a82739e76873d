import type { SiteConfig } from '@erti/contracts';
import { describe, expect, it } from 'vitest';
import { type ApiProcess, apiProcesses, signUpThroughProcess } from '../support/api-process.ts';
import { runSecrets, sandboxAddresses } from '../support/production-settings.ts';

/**
 * Issue 35, item 8: surfaces for developers that production must not show. The api runs as a process
 * in production (its own strong secrets, which the sandbox shares, and every outside address named):
 * the test payment page, which charges any amount with no bill behind it, and the api documentation,
 * which lists every route, the merchants' too, are there only when an operator turns them on.
 */
const secrets = runSecrets();
const processes = apiProcesses(secrets);

/** Long: on a busy machine a new embedded database takes a minute to create and migrate. */
const STARTS_WITHIN_MS = 150_000;

async function startInProduction(env: Record<string, string> = {}): Promise<ApiProcess> {
  const api = await processes.start({
    NODE_ENV: 'production',
    ...secrets,
    ...sandboxAddresses(processes.sandbox.env.SANDBOX_URL ?? ''),
    ...env,
  });
  await api.ready(STARTS_WITHIN_MS, 'live');
  return api;
}

const get = (api: ApiProcess, path: string) => fetch(`${api.url}${path}`);
/** What `/api/site-config` tells the web about the test payment page. */
const testPaymentsOffered = async (api: ApiProcess) =>
  ((await (await get(api, '/api/site-config')).json()) as SiteConfig).testPayments;

/** A signed-in customer's test payment of ₹125.50 through Razorpay. */
async function testPayment(api: ApiProcess): Promise<Response> {
  const customer = await signUpThroughProcess(api, processes.sandbox, 'test-payment');
  return fetch(`${api.url}/api/bbps/pg/create-order`, {
    method: 'POST',
    headers: { ...customer.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 12_550, currency: 'INR', receipt: 'rcpt_abcdefgh' }),
  });
}

describe('in production', () => {
  it('neither serves the api documentation nor takes a test payment, and tells the web', async () => {
    const api = await startInProduction();
    for (const path of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html'])
      expect((await get(api, path)).status, path).toBe(404);
    expect((await testPayment(api)).status).toBe(404);
    expect(await testPaymentsOffered(api)).toBe(false);
  }, 300_000);

  it('serves both when an operator turns them on (API_DOCS, TEST_PAYMENTS)', async () => {
    const api = await startInProduction({ API_DOCS: 'true', TEST_PAYMENTS: 'true' });
    expect((await get(api, '/api/docs/')).status).toBe(200);
    const document = (await (await get(api, '/api/docs/json')).json()) as { paths: object };
    expect(Object.keys(document.paths)).toContain('/api/bbps/pg/create-order');
    const order = await testPayment(api);
    expect(order.status, await order.clone().text()).toBe(200);
    expect(await order.json()).toMatchObject({
      amount: 12_550,
      currency: 'INR',
      id: expect.stringMatching(/^order_/),
    });
    expect(await testPaymentsOffered(api)).toBe(true);
  }, 300_000);
});
