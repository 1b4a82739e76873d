import type { FastifyInstance } from 'fastify';
import { bouSystem } from './bou/bou.system.ts';
import type { Faults } from './faults/faults.ts';
import { logosSystem } from './logos/logos.system.ts';
import { payuSystem } from './payu/payu.system.ts';
import { phonepeSystem } from './phonepe/phonepe.system.ts';
import { razorpaySystem } from './razorpay/razorpay.system.ts';

export interface SandboxConfig {
  /** The sandbox's own public base URL, used in redirect URLs it hands out. */
  publicUrl: string;
  /** Extra generated billers for load tests (SANDBOX_BILLERS). */
  extraBillers: number;
  payuKey: string;
  payuSalt: string;
  phonepeClientId: string;
  phonepeClientSecret: string;
  phonepeCallbackUsername: string;
  phonepeCallbackPassword: string;
  phonepeCallbackUrl: string;
  razorpayKeyId: string;
  razorpayKeySecret: string;
  razorpayWebhookSecret: string;
  razorpayWebhookUrl: string;
  /** The Bharat Connect envelope's shared secret (SANDBOX_BBPS_SECRET); the api's BBPS_SECRET must match. */
  bbpsSecret: string;
  /** When set (SANDBOX_BBPS_AUTH), a call to `/bou` without this `AUTH` header is refused. */
  bbpsAuth?: string;
  /** Real time after which a pending payment settles and a refund completes, unless forced sooner. */
  settleAfterMs: SettleTimes;
}

export interface SettleTimes {
  pending: number;
  refund: number;
}

export interface SandboxContext {
  config: SandboxConfig;
  faults: Faults;
}

/** A simulated outside system: registers its routes on the sandbox. */
export type SandboxSystem = (app: FastifyInstance, context: SandboxContext) => Promise<void>;

/** Every simulated system, registered in order. */
export const sandboxSystems: SandboxSystem[] = [
  bouSystem,
  logosSystem,
  payuSystem,
  phonepeSystem,
  razorpaySystem,
];
