import type { Gateway } from '@erti/contracts';
import type { z } from 'zod';
import type { GatewayPlugin } from './gateway-plugin.ts';
import { payuPlugin } from './payu/payu.plugin.ts';
import { phonepePlugin } from './phonepe/phonepe.plugin.ts';
import { razorpayPlugin } from './razorpay/razorpay.plugin.ts';

/**
 * Every payment gateway, one line each (the contracts' GATEWAYS, in the same order). config.ts takes
 * their settings from here and the payments module their clients and routes (decision 065).
 */
export const paymentGateways = [payuPlugin, phonepePlugin, razorpayPlugin] as const;

type ShapeOf<P> = P extends GatewayPlugin<infer Shape> ? Shape : never;
type Intersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void
  ? I
  : never;
type SettingsShape = Intersection<ShapeOf<(typeof paymentGateways)[number]>>;

/** Every gateway's settings, side by side (each named after its gateway: PAYU_KEY, ...). */
export const gatewaySettings = Object.assign(
  {},
  ...paymentGateways.map((plugin) => plugin.settings),
) as SettingsShape;
export type GatewaySettings = z.output<z.ZodObject<SettingsShape>>;

/** The settings whose defaults are public, for the production check; `issued`: by the gateway (decision 102). */
export const gatewaySecrets = paymentGateways.flatMap((plugin) =>
  plugin.publicDefaultSecrets.map((name) => ({
    name,
    issued: (plugin.issuedSecrets as readonly string[]).includes(name),
  })),
);

/** The plug-in of a gateway; every name of the contracts' list has one (a test checks). */
export function gatewayPlugin(name: Gateway): (typeof paymentGateways)[number] {
  const plugin = paymentGateways.find((each) => each.name === name);
  if (!plugin) throw new Error(`No plug-in for the gateway ${name}`);
  return plugin;
}
