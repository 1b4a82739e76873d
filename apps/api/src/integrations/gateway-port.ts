import type { Charge, Gateway, PaymentSource } from '@erti/contracts';
import type { FastifyBaseLogger, FastifyRequest, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { OrderRow } from '../modules/payments/index.ts';
import type { AuthUser } from '../plugins/auth.ts';
import type { MandateEvent } from './mandate-gateway.ts';

/**
 * What the payments module offers a payment gateway's adapter (apps/api/src/integrations/<gateway>,
 * decision 065): the generic steps of a hand-off and of a gateway's callback. An adapter knows its
 * provider's wire format; pricing, the double-pay guard, the order's moves, confirmation with the
 * gateway's API, refunds and the outcome page stay here, the same for every gateway.
 */

/** Who is paying and from where. */
export interface Payer {
  user: AuthUser;
  ip: string;
}

/** A signed-in customer's route: the session is checked first; the api docs ask for a bearer token. */
export interface UserRoute<Schema extends FastifySchema> {
  preHandler: preHandlerAsyncHookHandler;
  schema: Schema & { tags: string[]; security: { bearer: never[] }[] };
}

export interface HandOffPort {
  /** The answers of a pay call besides its 200: 400, 401, 404, 409 (a double payment) and 502. */
  payErrors: Record<400 | 401 | 404 | 409 | 502, z.ZodType>;
  userRoute<Schema extends FastifySchema>(schema: Schema): UserRoute<Schema>;
  payerOf(request: FastifyRequest): Payer;
  /**
   * Prices the bill or recharge the customer fetched (the server decides; `amount` only has to agree)
   * and opens its order, refusing a double payment. `handedOff`: the hand-off cannot fail (a signed
   * form we build ourselves), so the order starts in PAYMENT_PENDING.
   */
  openBillOrder(
    payer: Payer,
    gateway: Gateway,
    source: PaymentSource,
    amount: number | string | undefined,
    options?: { handedOff?: boolean },
  ): Promise<OrderRow & { billerName: string }>;
  /** Opens a test payment of `amountPaise` (no bill behind it, no fee). */
  openTestOrder(payer: Payer, gateway: Gateway, amountPaise: number): Promise<OrderRow>;
  /** The gateway accepted the hand-off: PAYMENT_PENDING, with the gateway's own order id if it has one. */
  handedOff(order: OrderRow, gatewayOrderId?: string): Promise<OrderRow>;
  /** The gateway refused or did not answer the hand-off: the order fails, the customer reads `message`. */
  handOffFailed(order: OrderRow, error: unknown, message: string): Promise<never>;
  /** What the order charges: bill amount, fee and their total, in paise. */
  chargeOf(order: OrderRow): Charge;
  /** How long a hand-off may stay unpaid before it is closed (decision 064). */
  handoffExpirySeconds: number;
  /** Whether the test payment page is offered (decision 103); its hand-off route exists only then. */
  testPayments: boolean;
}

/** A gateway event, recorded once under the provider's own key. */
export interface GatewayEvent {
  /** The provider's key of a verified event; an unverified one is kept under a key of its own. */
  key: string;
  orderId: string | null;
  verified: boolean;
  payload: Record<string, unknown>;
}

export interface CallbackPort {
  /** The api docs' tags of a gateway's callback routes. */
  tags: string[];
  findOrder(anyId: string): Promise<OrderRow | undefined>;
  findOrderByGatewayOrderId(gatewayOrderId: string): Promise<OrderRow | undefined>;
  /** Records the event; false when its key was seen before (a replay, which must change nothing). */
  recordEvent(event: GatewayEvent): Promise<boolean>;
  /**
   * Confirms the order's charge with the gateway's API (money moves on what the API says, never on
   * what was posted); if the gateway cannot be reached, reconciliation will, and the order is as it was.
   */
  confirmCharge(order: OrderRow, source: string): Promise<OrderRow | undefined>;
  /** The gateway says one of its refunds changed: ask it, then apply. */
  refundChanged(gatewayRefundId: string): Promise<void>;
  /** Where the browser goes once the gateway returns it: the outcome page of the order's state. */
  outcomePage(order: OrderRow | undefined): string;
  /**
   * A verified mandate callback (decision 075): recorded once under the provider's key, then queued
   * for AutoPay (the MANDATE_EVENT_JOB), which asks the gateway what it means. A replay changes nothing.
   */
  mandateChanged(
    key: string,
    event: Omit<MandateEvent, 'gateway'>,
    payload: Record<string, unknown>,
  ): Promise<void>;
}

/** The ports for one gateway: everything is already bound to its name. */
export interface GatewayPort {
  handOff: HandOffPort;
  callbacks: CallbackPort;
  /** The site's own address of a path (the gateway's return and callback URLs). */
  site(path: string): string;
  logger: FastifyBaseLogger;
}
