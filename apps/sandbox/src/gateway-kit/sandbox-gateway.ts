import type { Gateway } from '@erti/contracts';
import type { SandboxSystem } from '../modules.ts';

/**
 * One simulated payment gateway, as the sandbox registers it (apps/sandbox/src/gateways.ts, decision
 * 065): its name (the api's gateway name), its settings and its routes.
 */
export interface SandboxGateway<Settings extends object = object> {
  readonly name: Gateway;
  /**
   * The gateway's settings, read from the environment under the api's variable names; unset ones are
   * the shared test credentials, so `npm start` and the tests need none. `apiUrl` is where the api's
   * callbacks and webhooks live.
   */
  settings(env: NodeJS.ProcessEnv, apiUrl: string): Settings;
  readonly system: SandboxSystem;
}
