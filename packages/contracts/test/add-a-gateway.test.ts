import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { addGateway, gatewayFolders, gatewayRegistries } from './support/add-a-gateway.ts';
import { changedFiles, copyOfRepository } from './support/repository-copy.ts';

/**
 * A fourth payment gateway, "testpay", added in a copy of the gateway tiers as decision 125 says: each
 * tier's folder of PhonePe (which pays bills and offers AutoPay) copied under the new name, one line
 * per registry and the words of its choice in each language. In that copy, the contracts, the api,
 * AutoPay, the sandbox and the web site all find it, and nothing else had to change.
 */
const NEW = 'testpay';
const TEMPLATE = 'phonepe';
const copy = copyOfRepository(
  [
    'packages/contracts',
    'packages/protocols',
    'apps/api/src',
    'apps/sandbox/src',
    'apps/web/src',
    'e2e/chaos',
    'tsconfig.base.json',
  ],
  { '@erti/contracts': 'packages/contracts', '@erti/protocols': 'packages/protocols' },
);
afterAll(() => copy.remove());

const before = copy.hashes();
addGateway(copy.root, TEMPLATE, NEW);
const after = copy.hashes();
const inNewFolder = (path: string) => gatewayFolders(NEW).some((folder) => path.startsWith(`${folder}/`));
const touched = changedFiles(before, after).filter((path) => !inNewFolder(path));

/** A module of the copy. */
const load = async <Module>(path: string) => (await import(copy.path(path))) as Module;

interface Contracts {
  GATEWAYS: string[];
  GATEWAY_NAMES: Record<string, string>;
  billGateways: string[];
  autopayGateways: string[];
  MANDATE_AUTHORISATION_PAISE: Record<string, number>;
  turnOnAutopayRequestSchema: { safeParse(value: unknown): { success: boolean } };
}

// Loading the copy's api and sandbox transforms hundreds of modules: slow on a busy machine.
describe('a fourth payment gateway, as a dry run', { timeout: 180_000 }, () => {
  it('touches at most 8 files outside its own folders: one per registry and its words', () => {
    const words = touched.filter((path) => path.startsWith('apps/web/src/locales/'));
    expect(touched.sort()).toEqual([...gatewayRegistries, ...words].sort());
    expect(words).toEqual(expect.arrayContaining(['apps/web/src/locales/en/payments.json']));
    expect(touched.length).toBeLessThanOrEqual(8);
    expect(changedFiles(before, after).filter(inNewFolder).length).toBeGreaterThan(10);
  });

  it('is in the contracts: its name, its label, bills and AutoPay derived from its entry', async () => {
    const contracts = await load<Contracts>('packages/contracts/src/index.ts');
    expect(contracts.GATEWAYS).toEqual(['payu', 'phonepe', NEW, 'razorpay']);
    expect(contracts.GATEWAY_NAMES[NEW]).toBe('Testpay');
    expect(contracts.billGateways).toContain(NEW);
    expect(contracts.autopayGateways).toContain(NEW);
    expect(contracts.MANDATE_AUTHORISATION_PAISE[NEW]).toBe(200);
    const autopay = { cap: '500', daysBefore: 0, gateway: NEW };
    expect(contracts.turnOnAutopayRequestSchema.safeParse(autopay).success).toBe(true);
  });

  it('is an api gateway: its settings in the config, its routes, its mandates for AutoPay', async () => {
    const { paymentGateways } = await load<{
      paymentGateways: {
        name: string;
        connect: (...args: unknown[]) => { routes: unknown; mandates?: object };
      }[];
    }>('apps/api/src/integrations/payment-gateways.ts');
    const config = await load<{
      loadConfig(env: object): Record<string, unknown> & { SANDBOX_URL: string };
      outsideBaseUrl(config: object, system: string): string;
    }>('apps/api/src/config.ts');
    expect(paymentGateways.map((gateway) => gateway.name)).toEqual(['payu', 'phonepe', NEW, 'razorpay']);
    const settings = config.loadConfig({});
    expect(settings).toHaveProperty('TESTPAY_CLIENT_ID');
    const baseUrl = config.outsideBaseUrl(settings, NEW);
    expect(baseUrl).toBe(`${settings.SANDBOX_URL}/${NEW}`);
    const adapter = paymentGateways.find((gateway) => gateway.name === NEW);
    const connected = adapter?.connect(settings, { baseUrl, timeoutMs: 1000 });
    expect(connected?.mandates).toBeDefined();
    expect(await routesOf(connected?.routes)).toEqual(
      expect.arrayContaining([`POST /${NEW}/pay`, `POST /${NEW}/callback`]),
    );
  });

  it('is simulated by the sandbox, under its own path', async () => {
    const { sandboxGateways } = await load<{ sandboxGateways: { name: string }[] }>(
      'apps/sandbox/src/gateways.ts',
    );
    expect(sandboxGateways.map((gateway) => gateway.name)).toEqual(['payu', 'phonepe', NEW, 'razorpay']);
    const { sandboxConfigFor } = await load<{ sandboxConfigFor(options: object): object }>(
      'apps/sandbox/src/config.ts',
    );
    expect(sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://api.test' })).toHaveProperty(
      'testpayClientId',
    );
  });

  it('is a choice on the payment selection screen, in words of every language', async () => {
    const { gatewayHandOffs } = await load<{
      gatewayHandOffs: Record<string, { title: string; detail: string }>;
    }>('apps/web/src/features/payments/gateways/gateways.ts');
    expect(Object.keys(gatewayHandOffs)).toEqual(['phonepe', NEW, 'payu']);
    const choice = gatewayHandOffs[NEW];
    for (const language of ['en', 'hi', 'ta']) {
      const words = JSON.parse(copy.read(`apps/web/src/locales/${language}/payments.json`));
      expect(words[choice?.title.replace('payments.', '') ?? '']).toBeTruthy();
      expect(words[choice?.detail.replace('payments.', '') ?? '']).toBeTruthy();
    }
  });
});

/** The routes an api adapter registers, with a port that only lends what registering them needs. */
async function routesOf(routes: unknown): Promise<string[]> {
  const port = {
    handOff: { userRoute: (schema: object) => ({ preHandler: async () => {}, schema }), payErrors: {} },
    callbacks: { tags: [] },
    site: (path: string) => path,
    logger: console,
  };
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const found: string[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') found.push(`${route.method} ${route.url}`);
  });
  await app.register((routes as (port: object) => Parameters<typeof app.register>[0])(port));
  await app.ready();
  await app.close();
  return found;
}

describe('the gateways outside their folders and registries', () => {
  const names = ['payu', 'phonepe', 'razorpay'].join('|');
  /** Source a person writes (not tests) in the copied tiers. */
  const sources = [...after.keys()].filter(
    (path) =>
      /\.(ts|tsx)$/.test(path) &&
      !/\.test\.tsx?$|\/test\/|\/testing\//.test(path) &&
      !inNewFolder(path) &&
      !gatewayFolders('(payu|phonepe|razorpay)').some((folder) => new RegExp(`^${folder}/`).test(path)),
  );

  it('are never listed by hand: no union, list or table of their names', () => {
    const byHand = [
      new RegExp(`'(${names})' \\| '(${names})'`), // a union of names
      new RegExp(`\\[\\s*'(${names})',\\s*'(${names})'`), // a list of names
      new RegExp(`\\b(${names}): '(PayU|PhonePe|Razorpay)'`), // a table of their labels
    ];
    const found = sources.flatMap((path) => {
      const text = copy.read(path);
      return byHand.filter((pattern) => pattern.test(text)).map((pattern) => `${path}: ${pattern}`);
    });
    expect(found).toEqual([]);
    expect(sources.length).toBeGreaterThan(300);
  });
});
