import type { AllOf } from '@erti/contracts';
import type { SandboxGateway } from './gateway-kit/sandbox-gateway.ts';
import { payuSandbox } from './payu/payu.system.ts';
import { phonepeSandbox } from './phonepe/phonepe.system.ts';
import { razorpaySandbox } from './razorpay/razorpay.system.ts';

/**
 * Every simulated payment gateway, one line each, in the order of the contracts' list (`GATEWAYS`,
 * which names them; decisions 065 and 125). The app serves each under `/<gateway>/...`.
 *
 * To add a gateway: its name in packages/contracts/src/gateways/ first, then a folder `<gateway>/`
 * here whose `<gateway>.system.ts` exports a `SandboxGateway` (its settings under the api's names, its
 * routes; gateway-kit/ has the ledger, pages and callbacks they share), then its line below. All the
 * steps: docs/decisions/125-one-gateway-registry.md.
 */
export const sandboxGateways = [payuSandbox, phonepeSandbox, razorpaySandbox] as const;

type SettingsOf<G> = G extends SandboxGateway<infer Settings> ? Settings : never;

/** Every gateway's settings side by side (each gateway names its own: `payuKey`, `phonepeClientId`, ...). */
export type GatewaySettings = AllOf<SettingsOf<(typeof sandboxGateways)[number]>>;

/** The gateways' settings from the environment (tests: `{}`, the shared test credentials). */
export const gatewaySettings = (env: NodeJS.ProcessEnv, apiUrl: string): GatewaySettings =>
  Object.assign({}, ...sandboxGateways.map((gateway) => gateway.settings(env, apiUrl)));
