import type { SandboxGateway } from './gateway-kit/sandbox-gateway.ts';
import { payuSandbox } from './payu/payu.system.ts';
import { phonepeSandbox } from './phonepe/phonepe.system.ts';
import { razorpaySandbox } from './razorpay/razorpay.system.ts';

/** Every simulated payment gateway, one line each (the same names as the contracts' GATEWAYS). */
export const sandboxGateways = [payuSandbox, phonepeSandbox, razorpaySandbox] as const;

type SettingsOf<G> = G extends SandboxGateway<infer Settings> ? Settings : never;
type Intersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void
  ? I
  : never;

/** Every gateway's settings side by side (each gateway names its own: `payuKey`, `phonepeClientId`, ...). */
export type GatewaySettings = Intersection<SettingsOf<(typeof sandboxGateways)[number]>>;

/** The gateways' settings from the environment (tests: `{}`, the shared test credentials). */
export const gatewaySettings = (env: NodeJS.ProcessEnv, apiUrl: string): GatewaySettings =>
  Object.assign({}, ...sandboxGateways.map((gateway) => gateway.settings(env, apiUrl)));
