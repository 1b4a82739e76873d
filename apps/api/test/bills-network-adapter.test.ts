import type { AddressInfo } from 'node:net';
import { decryptBbpsEnvelope, encryptBbpsEnvelope } from '@erti/protocols';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BbpsClient,
  BbpsRejectedError,
  BbpsUnavailableError,
  createBbpsClient,
} from '../src/integrations/bbps/bbps-client.ts';

/** A stand-in operating unit whose answers each test picks, to drive the adapter's edge cases. */
let server: FastifyInstance;
let client: BbpsClient;
let sealingClient: BbpsClient;
let answer: (body: unknown) => { status: number; body: string; delayMs?: number };
let lastBody: unknown;
let lastAuth: string | string[] | undefined;

beforeAll(async () => {
  server = Fastify();
  server.all('/*', async (request, reply) => {
    lastBody = request.body;
    lastAuth = request.headers.auth;
    const { status, body, delayMs } = answer(request.body);
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return reply.status(status).type('application/json').send(body);
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as AddressInfo;
  const options = {
    baseUrl: `http://127.0.0.1:${port}/bou/`,
    agentId: 'EP01EP01INT000000001',
    timeoutMs: 1_500,
    masterDataTimeoutMs: 1_500,
    macAddress: '02-00-00-00-00-01',
  };
  client = createBbpsClient(options);
  sealingClient = createBbpsClient({ ...options, auth: 'agent-credential', envelopeSecret: secret });
});
afterAll(async () => {
  await server.close();
});

const envelope = (respCode: '0' | '1') =>
  JSON.stringify({
    respCode,
    status: respCode === '1' ? 'SUCCESS' : 'FAILURE',
    response: { responseCode: '200' },
  });
const secret = 'test-secret-key';
const billDetails = {
  billerId: 'MAHA00000MAH01',
  customerParams: [{ name: 'Consumer No', value: '1234567890' }],
};
const custDetails = { mobileNo: '9876543210', customerTags: [] };

describe('the Bharat Connect adapter', () => {
  it('fills chId and agentDetails itself, with the customer IP and the agent MAC', async () => {
    answer = () => ({ status: 200, body: envelope('1') });
    await client.fetchBill({ custDetails, billDetails }, { ip: '203.0.113.9' });
    expect(lastBody).toEqual({
      chId: 1,
      isRealTimeFetch: true,
      custDetails,
      billDetails,
      agentDetails: {
        agentId: 'EP01EP01INT000000001',
        deviceTags: [
          { name: 'INITIATING_CHANNEL', value: 'INT' },
          { name: 'IP', value: '203.0.113.9' },
          { name: 'MAC', value: '02-00-00-00-00-01' },
        ],
      },
    });
  });

  it('returns a business "no" as an answer, even when it comes with a 4xx', async () => {
    answer = () => ({ status: 400, body: envelope('0') });
    const no = await client.validate({ billDetails }, { ip: '127.0.0.1' });
    expect(no.respCode).toBe('0');
  });

  it('throws BbpsUnavailableError for a timeout, a 5xx and an unreadable answer', async () => {
    answer = () => ({ status: 200, body: envelope('1'), delayMs: 4_000 });
    const slow = await client.status({ txnReferenceId: 'EP012345ABCDEFGHIJKL' }).catch((error) => error);
    expect(slow).toBeInstanceOf(BbpsUnavailableError);
    expect(slow.timedOut).toBe(true);

    answer = () => ({ status: 502, body: '{"error":"bad gateway"}' });
    const failing = await client.locations().catch((error) => error);
    expect(failing).toBeInstanceOf(BbpsUnavailableError);
    expect(failing.timedOut).toBe(false);

    answer = () => ({ status: 200, body: '<html>maintenance</html>' });
    expect(await client.planMdm(['X']).catch((error) => error)).toBeInstanceOf(BbpsUnavailableError);
  });

  it('throws BbpsRejectedError for a refusal without an envelope, and answers undefined for an unknown record', async () => {
    answer = () => ({ status: 401, body: '{"message":"Unauthorized access detected"}' });
    expect(
      await client.fetchBill({ custDetails, billDetails }, { ip: '127.0.0.1' }).catch((e) => e),
    ).toBeInstanceOf(BbpsRejectedError);
    answer = () => ({ status: 404, body: '{"responseCode":"001"}' });
    expect(await client.billerById('NOPE00000NAT01')).toBeUndefined();
    expect(await client.circles('NOPE00000NAT01')).toBeUndefined();
  });

  it('normalises master data that XML gateways send as single objects and strings', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify({
        billerInfoResponse: {
          responseCode: '000',
          totalCount: '1',
          page: '1',
          pageSize: '1000',
          biller: {
            billerId: ' SOUT00000ODI01 ',
            billerName: 'SOUTHCO',
            billerCategory: 'Electricity',
            billerInputParams: {
              paramInfo: { paramName: 'Consumer Number', isOptional: 'FALSE', regEx: '^[0-9]{12}$' },
            },
            billerPaymentModes: { paymentModeInfo: { paymentMode: 'UPI', minAmount: 100, maxAmount: '0' } },
          },
        },
      }),
    });
    const page = await client.billerMdmPage({ page: 1, pageSize: 1000 });
    expect(page.totalCount).toBe(1);
    expect(page.billers[0]).toMatchObject({
      billerId: 'SOUT00000ODI01',
      billerCoverage: 'IND',
      billerStatus: 'ACTIVE',
      billerInputParams: {
        paramInfo: [{ paramName: 'Consumer Number', isOptional: 'false', minLength: '' }],
      },
      billerPaymentModes: { paymentModeInfo: [{ paymentMode: 'UPI', minAmount: '100', maxAmount: '0' }] },
      billerPaymentChannels: { paymentChannelInfo: [] },
      interchangeFee: [],
    });
  });
});

describe('the Bharat Connect adapter with the encrypted envelope', () => {
  it('seals every POST body with the secret and sends the AUTH header on every call', async () => {
    answer = () => ({ status: 200, body: envelope('1') });
    await sealingClient.fetchBill({ custDetails, billDetails }, { ip: '203.0.113.9' });
    expect(lastAuth).toBe('agent-credential');
    expect(lastBody).toEqual({ request: expect.any(String) });
    const opened = JSON.parse(decryptBbpsEnvelope(secret, (lastBody as { request: string }).request));
    expect(opened).toMatchObject({ chId: 1, isRealTimeFetch: true, custDetails, billDetails });

    answer = () => ({ status: 200, body: '{"locations":[]}' });
    await sealingClient.locations();
    expect(lastAuth).toBe('agent-credential');

    await client.locations();
    expect(lastAuth).toBeUndefined();
  });

  it('opens an answer sealed the same way, and takes a plain answer as it comes', async () => {
    answer = () => ({
      status: 200,
      body: JSON.stringify({ response: encryptBbpsEnvelope(secret, envelope('0')) }),
    });
    expect((await sealingClient.validate({ billDetails }, { ip: '127.0.0.1' })).respCode).toBe('0');
    answer = () => ({ status: 200, body: envelope('1') });
    expect((await sealingClient.validate({ billDetails }, { ip: '127.0.0.1' })).respCode).toBe('1');
  });

  it('throws BbpsUnavailableError for a sealed answer that does not decrypt', async () => {
    for (const sealed of ['not ciphertext', encryptBbpsEnvelope('another-secret', envelope('1'))]) {
      answer = () => ({ status: 200, body: JSON.stringify({ response: sealed }) });
      const unreadable = await sealingClient
        .fetchBill({ custDetails, billDetails }, { ip: '127.0.0.1' })
        .catch((e) => e);
      expect(unreadable).toBeInstanceOf(BbpsUnavailableError);
      expect(unreadable.timedOut).toBe(false);
    }
  });
});
