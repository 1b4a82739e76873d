import { encryptBbpsEnvelope } from '@erti/protocols';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { sandboxConfigFor } from '../src/config.ts';
import type { SandboxConfig } from '../src/modules.ts';

let app: FastifyInstance;
let config: SandboxConfig;
beforeAll(async () => {
  config = sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://api.test' });
  ({ app } = await buildSandbox(config));
});
afterAll(() => app.close());
afterEach(() => {
  config.bbpsAuth = undefined;
});

const secret = 'erti_bbps_test_secret';
const fetchRequest = {
  chId: 1,
  isRealTimeFetch: true,
  custDetails: { mobileNo: '9876543210', customerTags: [] },
  agentDetails: {
    agentId: 'AM01ERTI000000000001',
    deviceTags: [{ name: 'INITIATING_CHANNEL', value: 'INT' }],
  },
  billDetails: {
    billerId: 'MAHA00000MAH01',
    customerParams: [
      { name: 'Consumer No', value: '170010012345' },
      { name: 'BU', value: '4637' },
    ],
  },
};
const sealed = (body: object, under = secret) => ({
  request: encryptBbpsEnvelope(under, JSON.stringify(body)),
});

const post = (path: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/bou${path}`, payload, headers });

describe('the encrypted envelope on /bou', () => {
  it('takes a call plain or sealed on the same route, and answers plain JSON either way', async () => {
    const plain = await post('/npciservice/fetch', fetchRequest);
    const encrypted = await post('/npciservice/fetch', sealed(fetchRequest));
    expect(plain.statusCode).toBe(200);
    expect(encrypted.statusCode).toBe(200);
    expect(encrypted.json()).toMatchObject({ respCode: '1', response: { responseCode: '000' } });
    expect(encrypted.json().response.billerResponse).toEqual(plain.json().response.billerResponse);
  });

  it('opens the envelope on every POST call, master data and status included', async () => {
    const plans = await post('/planservice/planMdm', sealed({ billerId: ['NOPE00000NAT01'] }));
    expect(plans.json()).toEqual({ planDetailsResponse: { responseCode: '000', planDetails: [] } });
    const status = await post(
      '/npciservice/status',
      sealed({ chId: 1, txnReferenceId: 'AM0100000000000000ZZ' }),
    );
    expect(status.json()).toMatchObject({ respCode: '1', response: { txnList: [] } });
  });

  it('refuses an envelope sealed with another secret, or not ciphertext, without a business envelope', async () => {
    for (const body of [sealed(fetchRequest, 'another-secret'), { request: 'not ciphertext' }]) {
      const refused = await post('/npciservice/fetch', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        responseCode: '001',
        responseReason: 'FAILURE',
        errorInfo: { error: [{ errorCode: 'DE001', errorMessage: 'Invalid ENC request' }] },
      });
    }
  });

  it('with an AUTH set, refuses any network call without that header, and leaves the tester controls open', async () => {
    config.bbpsAuth = 'erti-agent-credential';
    const missing = await post('/npciservice/fetch', sealed(fetchRequest));
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      errorInfo: { error: [{ errorCode: 'E401', errorMessage: 'Unauthorized access detected' }] },
    });
    expect(missing.json()).not.toHaveProperty('respCode');
    expect((await post('/npciservice/fetch', fetchRequest, { auth: 'someone-else' })).statusCode).toBe(401);
    const mdm = await app.inject({ method: 'GET', url: '/bou/coverage/locations' });
    expect(mdm.statusCode).toBe(401);

    const allowed = await post('/npciservice/fetch', sealed(fetchRequest), { auth: 'erti-agent-credential' });
    expect(allowed.json()).toMatchObject({ respCode: '1' });
    const plain = await post('/npciservice/fetch', fetchRequest, { auth: 'erti-agent-credential' });
    expect(plain.json()).toMatchObject({ respCode: '1' });
    expect((await app.inject({ method: 'GET', url: '/bou/_sandbox/clock' })).statusCode).toBe(200);
  });
});
