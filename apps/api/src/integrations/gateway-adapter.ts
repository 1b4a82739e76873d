import type { Gateway } from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { GatewayPort } from './gateway-port.ts';
import type { MandateGateway } from './mandate-gateway.ts';
import type { OutsideCallRecorder } from './outside-calls.ts';
import type { PaymentGateway } from './payment-gateway.ts';

/**
 * A payment gateway's adapter (decisions 065 and 125): everything about it lives in its own folder
 * (apps/api/src/integrations/<gateway>) and it is listed in one line of `payment-gateways.ts`.
 */
export interface GatewayAdapter<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly name: Gateway;
  /** Its settings (environment names, with defaults), merged into the api's config schema. */
  readonly settings: Shape;
  /** Settings whose defaults are public (in this repository): production must set its own. */
  readonly publicDefaultSecrets: readonly (keyof Shape & string)[];
  /**
   * Those of them the gateway issues, at a length of its choosing: production asks 16 bytes of them,
   * not 32 (decision 102).
   */
  readonly issuedSecrets: readonly (keyof Shape & string)[];
  /** The setting of its base URL; unset, the sandbox's `/<gateway>`, which production refuses. */
  readonly baseUrlSetting: keyof Shape & string;
  /** Its client, on its own base URL (or the sandbox's). */
  connect(
    settings: z.output<z.ZodObject<Shape>>,
    outside: {
      baseUrl: string;
      timeoutMs: number;
      recordCall?: OutsideCallRecorder;
      /** The api's clock, for the mandates' time rules (by default the system's). */
      now?: () => Date;
    },
  ): ConnectedGateway;
}

export interface ConnectedGateway {
  /** The charge and refund checks every gateway answers (confirmation, reconciliation, refunds). */
  client: PaymentGateway;
  /** Its mandates, for AutoPay, if it offers them (decision 075). */
  mandates?: MandateGateway;
  /** Its routes at the spec's paths: the hand-off(s), then its callbacks and webhooks, each verified. */
  routes(port: GatewayPort): FastifyPluginAsyncZod;
}
