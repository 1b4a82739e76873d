import type { AllOf, Gateway } from '@erti/contracts';
import type { z } from 'zod';
import type { GatewayAdapter } from './gateway-adapter.ts';
import { payuAdapter } from './payu/payu.adapter.ts';
import { phonepeAdapter } from './phonepe/phonepe.adapter.ts';
import { razorpayAdapter } from './razorpay/razorpay.adapter.ts';

/**
 * The api's payment gateways, one line each, in the order of the contracts' list (`GATEWAYS`, which
 * names them). config.ts takes their settings from here, the payments module their clients and routes,
 * AutoPay the mandates of those that offer them (decisions 065 and 125).
 *
 * To add a gateway: its name in packages/contracts/src/gateways/ first, then a folder
 * `integrations/<gateway>/` whose `<gateway>.adapter.ts` exports a `GatewayAdapter` (its settings, its
 * client, its mandates if it has them, its routes; copy `payu/` or `phonepe/`), then its line below.
 * Nothing else in the api names a gateway. All the steps: docs/decisions/125-one-gateway-registry.md.
 */
export const paymentGateways = [payuAdapter, phonepeAdapter, razorpayAdapter] as const;

type ShapeOf<A> = A extends GatewayAdapter<infer Shape> ? Shape : never;
type SettingsShape = AllOf<ShapeOf<(typeof paymentGateways)[number]>>;

/** Every gateway's settings, side by side (each named after its gateway: PAYU_KEY, ...). */
export const gatewaySettings = Object.assign(
  {},
  ...paymentGateways.map((adapter) => adapter.settings),
) as SettingsShape;
export type GatewaySettings = z.output<z.ZodObject<SettingsShape>>;

/** The settings whose defaults are public, for the production check; `issued`: by the gateway (decision 102). */
export const gatewaySecrets = paymentGateways.flatMap((adapter) =>
  adapter.publicDefaultSecrets.map((name) => ({
    name,
    issued: (adapter.issuedSecrets as readonly string[]).includes(name),
  })),
);

/** The adapter of a gateway; every name of the contracts' list has one (a test checks). */
export function gatewayAdapter(name: Gateway): (typeof paymentGateways)[number] {
  const adapter = paymentGateways.find((each) => each.name === name);
  if (!adapter) throw new Error(`No adapter for the gateway ${name}`);
  return adapter;
}
