import type { FastifyInstance } from 'fastify';
import { bouSystem } from './bou/bou.system.ts';
import type { SandboxClock } from './bou/clock.ts';
import type { Faults } from './faults/faults.ts';
import { type GatewaySettings, sandboxGateways } from './gateways.ts';
import { logosSystem } from './logos/logos.system.ts';

/** The sandbox's settings: its own, then each simulated gateway's (apps/sandbox/src/gateways.ts). */
export type SandboxConfig = SharedSandboxConfig & GatewaySettings;

export interface SharedSandboxConfig {
  /** The sandbox's own public base URL, used in redirect URLs it hands out. */
  publicUrl: string;
  /** Extra generated billers for load tests (SANDBOX_BILLERS). */
  extraBillers: number;
  /** The Bharat Connect envelope's shared secret (SANDBOX_BBPS_SECRET); the api's BBPS_SECRET must match. */
  bbpsSecret: string;
  /** When set (SANDBOX_BBPS_AUTH), a call to `/bou` without this `AUTH` header is refused. */
  bbpsAuth?: string;
  /** Real time after which a pending payment settles and a refund completes, unless forced sooner. */
  settleAfterMs: SettleTimes;
  /**
   * Every this many hours the network issues a new bill to a customer it has presented one to
   * (SANDBOX_NEW_BILL_HOURS; 0 = never): My Bills' checks and reminders can be seen locally.
   */
  newBillHours: number;
  /** Tests only (TEST_CLOCK=true, never in production): `POST /__test/clock` moves the sandbox's clock. */
  testClock: boolean;
}

export interface SettleTimes {
  pending: number;
  refund: number;
}

export interface SandboxContext {
  config: SandboxConfig;
  faults: Faults;
  /** The one clock the simulated network reads (decision 073). */
  clock: SandboxClock;
}

/** A simulated outside system: registers its routes on the sandbox. */
export type SandboxSystem = (app: FastifyInstance, context: SandboxContext) => Promise<void>;

/** Every simulated system, registered in order. */
export const sandboxSystems: SandboxSystem[] = [
  bouSystem,
  logosSystem,
  ...sandboxGateways.map((gateway) => gateway.system),
];
