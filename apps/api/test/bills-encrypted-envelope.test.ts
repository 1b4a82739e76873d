import type { Biller } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { billFetches } from '../src/db/schema/bills.ts';
import { createBbpsClient } from '../src/integrations/bbps/bbps-client.ts';
import {
  customerNumber,
  type SignedInUser,
  signedInUser,
  startBillPaymentEnv,
  syncCatalogue,
} from './support/bill-network.ts';
import type { TestEnv } from './support/test-env.ts';

/**
 * The api speaking the Axis/TransXT envelope to the sandbox over real HTTP (decision 052). The sandbox
 * demands our AUTH; a sandbox holding another secret proves the body went encrypted, since a plain body
 * reads the same under any secret.
 */
const secret = 'erti_bbps_test_secret';
const auth = 'erti-agent-credential';

let env: TestEnv;
let electricity: Biller;
let user: SignedInUser;

beforeAll(async () => {
  ({ env, electricity, user } = await startBillPaymentEnv({
    BBPS_ENVELOPE: 'encrypted',
    BBPS_SECRET: secret,
    BBPS_AUTH: auth,
  }));
  env.sandboxConfig.bbpsAuth = auth;
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.sandboxConfig.bbpsSecret = secret;
  env.sandboxConfig.bbpsAuth = auth;
});

const fetchBill = (ending: string, as: SignedInUser = user) =>
  env.app.inject({
    method: 'POST',
    url: '/api/bbps/prod/bill/Electricity',
    headers: as.headers,
    payload: {
      billDetails: {
        billerId: electricity.billerId,
        customerParams: [
          {
            name: electricity.customerParams[0]?.paramName ?? '',
            value: customerNumber(electricity, ending),
          },
        ],
      },
    },
  });

const fetchesOf = (userId: string) =>
  env.database.db.select().from(billFetches).where(eq(billFetches.userId, userId));

describe('the encrypted envelope to Bharat Connect', () => {
  it('syncs master data and fetches bills with the AUTH header and encrypted bodies', async () => {
    expect((await syncCatalogue(env)).billers).toBeGreaterThan(0);

    const bill = await fetchBill('2345');
    expect(bill.statusCode).toBe(200);
    expect(bill.json()).toMatchObject({
      respCode: 1,
      response: {
        billerResponse: { customerName: expect.any(String), amount: expect.stringMatching(/^\d+\.\d{2}$/) },
      },
    });
    const no = await fetchBill('0001');
    expect(no.json()).toMatchObject({ respCode: 0, response: { complianceRespCd: 'BFR001' } });
  });

  it('answers 502 and stores nothing when the network cannot decrypt the request under its secret', async () => {
    const fresh = await signedInUser(env);
    env.sandboxConfig.bbpsSecret = 'another-secret';
    const refused = await fetchBill('2345', fresh);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      message: 'Bharat Connect could not process this request. Please try again later.',
      retryable: false,
    });
    expect(await fetchesOf(fresh.userId)).toEqual([]);
  });

  it('answers 502 when the network does not accept our AUTH', async () => {
    env.sandboxConfig.bbpsAuth = 'someone-else';
    const refused = await fetchBill('2345');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().retryable).toBe(false);
  });

  it('leaves plain JSON working on the same sandbox routes', async () => {
    const plain = createBbpsClient({
      baseUrl: `${env.sandboxUrl}/bou`,
      agentId: env.config.BBPS_AGENT_ID,
      timeoutMs: 5_000,
      masterDataTimeoutMs: 5_000,
      auth,
    });
    const answer = await plain.fetchBill(
      {
        custDetails: { mobileNo: '9876543210', customerTags: [] },
        billDetails: {
          billerId: electricity.billerId,
          customerParams: [
            {
              name: electricity.customerParams[0]?.paramName ?? '',
              value: customerNumber(electricity, '2345'),
            },
          ],
        },
      },
      { ip: '127.0.0.1' },
    );
    expect(answer).toMatchObject({ respCode: '1', response: { responseCode: '000' } });
  });
});

describe('BBPS_ENVELOPE', () => {
  it('is plain by default and refuses to start encrypted without BBPS_SECRET', () => {
    expect(loadConfig({}).BBPS_ENVELOPE).toBe('plain');
    expect(() => loadConfig({ BBPS_ENVELOPE: 'encrypted' })).toThrow(
      'BBPS_SECRET: must be set when BBPS_ENVELOPE is encrypted',
    );
    expect(() => loadConfig({ BBPS_ENVELOPE: 'encrypted', BBPS_SECRET: '' })).toThrow(/BBPS_SECRET/);
    expect(loadConfig({ BBPS_ENVELOPE: 'encrypted', BBPS_SECRET: secret }).BBPS_SECRET).toBe(secret);
  });
});
