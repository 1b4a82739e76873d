import { GATEWAY_NAMES, GATEWAYS } from '@erti/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { loadSandboxEnv, sandboxConfigFor } from '../../sandbox/src/config.ts';
import { sandboxGateways } from '../../sandbox/src/gateways.ts';
import { configSchema, loadConfig, outsideBaseUrl } from '../src/config.ts';
import type { GatewayPort } from '../src/integrations/gateway-port.ts';
import { paymentGateways } from '../src/integrations/payment-gateways.ts';

/**
 * A payment gateway is an adapter per tier (decisions 065 and 125): the contracts' list, the api's registry and the
 * sandbox's registry name the same gateways, and every adapter provides the whole interface.
 */

const unused = () => {
  throw new Error('not called while registering routes');
};

/** A port that only records which routes an adapter declares as a signed-in customer's (its hand-offs). */
function recordingPort() {
  const userRoute = vi.fn((schema: object) => ({
    preHandler: async () => {},
    schema: { ...schema, tags: ['payments'], security: [] },
  }));
  const port = {
    handOff: {
      userRoute,
      payerOf: unused,
      payErrors: {},
      openBillOrder: unused,
      openTestOrder: unused,
      handedOff: unused,
      handOffFailed: unused,
      chargeOf: unused,
      handoffExpirySeconds: 1200,
      testPayments: true,
    },
    callbacks: {
      tags: ['gateway callbacks'],
      findOrder: unused,
      findOrderByGatewayOrderId: unused,
      recordEvent: unused,
      confirmCharge: unused,
      refundChanged: unused,
      outcomePage: unused,
    },
    site: (path: string) => `http://api.test${path}`,
    logger: console,
  } as unknown as GatewayPort;
  return { port, userRoute };
}

describe('payment gateway adapters', () => {
  it('are the same gateways, in the same order, in the contracts, the api and the sandbox', () => {
    expect(paymentGateways.map((adapter) => adapter.name)).toEqual([...GATEWAYS]);
    expect(sandboxGateways.map((gateway) => gateway.name)).toEqual([...GATEWAYS]);
    expect(Object.keys(GATEWAY_NAMES)).toEqual([...GATEWAYS]);
  });

  it.each(paymentGateways.map((adapter) => [adapter.name, adapter] as const))(
    '%s provides its settings, its client and its routes',
    async (name, adapter) => {
      const config = loadConfig({});
      // Its settings are the api's, with defaults; its secrets are among them and refused in production.
      for (const key of Object.keys(adapter.settings)) expect(configSchema.shape).toHaveProperty(key);
      for (const secret of adapter.publicDefaultSecrets) {
        expect(Object.keys(adapter.settings)).toContain(secret);
        expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(`${secret}: must be set in production`);
      }
      expect(config[adapter.baseUrlSetting]).toBeUndefined();
      expect(outsideBaseUrl(config, name)).toBe(`${config.SANDBOX_URL}/${name}`);

      const connected = adapter.connect(config, { baseUrl: outsideBaseUrl(config, name), timeoutMs: 1000 });
      expect(connected.client.name).toBe(name);
      for (const method of ['checkCharge', 'refund', 'checkRefund'] as const)
        expect(connected.client[method]).toBeTypeOf('function');

      // Its routes: at least one hand-off (a signed-in customer's) and at least one callback of its own.
      const { port, userRoute } = recordingPort();
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      const routes: string[] = [];
      app.addHook('onRoute', (route) => {
        if (route.method !== 'HEAD') routes.push(`${route.method} ${route.url}`);
      });
      await app.register(connected.routes(port));
      await app.ready();
      await app.close();
      expect(userRoute).toHaveBeenCalled();
      expect(routes.length).toBeGreaterThan(userRoute.mock.calls.length);
      expect(routes.every((route) => route.startsWith('POST /'))).toBe(true);
    },
  );

  it.each(sandboxGateways.map((gateway) => [gateway.name, gateway] as const))(
    'the sandbox %s reads its settings under the api names, with the api defaults',
    (name, gateway) => {
      const defaults = gateway.settings({}, 'http://api.test');
      const config = sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://api.test' });
      expect(config).toMatchObject(defaults);
      expect(gateway.system).toBeTypeOf('function');
      // Each api secret with a public default is the sandbox's setting of the same name.
      const adapter = paymentGateways.find((each) => each.name === name);
      const apiDefaults = loadConfig({});
      for (const secret of adapter?.publicDefaultSecrets ?? []) {
        const own = loadSandboxEnv({ [secret]: 'own-value' }).config;
        expect(Object.values(defaults)).toContain(apiDefaults[secret]);
        expect(Object.values(own)).toContain('own-value');
      }
    },
  );
});
