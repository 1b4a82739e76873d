import { randomUUID } from 'node:crypto';
import type { Gateway } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CallbackPort } from '../../integrations/gateway-port.ts';
import { MANDATE_EVENT_JOB } from '../../integrations/mandate-gateway.ts';
import { isGatewayFailure } from '../../integrations/payment-gateway.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { ChargeConfirmationService } from './charge-confirmation.service.ts';
import { recordGatewayEvent } from './gateway-events.repository.ts';
import {
  findOrder,
  findOrderByAnyId,
  findOrderByGatewayOrderId,
  type OrderRow,
} from './orders.repository.ts';
import type { RefundsService } from './refunds.service.ts';

export interface CallbacksDeps {
  db: Database;
  charges: ChargeConfirmationService;
  refunds: RefundsService;
  logger: FastifyBaseLogger;
  /** The site's own address of a path. */
  site(path: string): string;
}

/**
 * The generic half of what gateways send us (post backs, callbacks, webhooks; each gateway's plug-in
 * verifies its own first): the event recorded once under the provider's key (a replay changes
 * nothing), then only a confirmation with the gateway's API. Money moves on what the API says, never
 * on what was posted.
 */
export function createGatewayCallbacks(deps: CallbacksDeps) {
  const { db, logger, site } = deps;

  /** Where the browser goes once the gateway returns it: the outcome page of the order's state. */
  function outcomePage(order: OrderRow | undefined): string {
    if (!order) return site('/payment-failure');
    const query = `?orderId=${encodeURIComponent(order.id)}`;
    switch (order.status) {
      case 'PAID':
      case 'BILL_PENDING':
      case 'SUCCESS':
        return site(`/payment-success${query}`);
      case 'CREATED':
      case 'PAYMENT_PENDING': {
        // The status screen; under /phonepe/ only for PhonePe's own payments (decision 111).
        const status = order.gateway === 'phonepe' ? '/phonepe/status/' : '/payment-status/';
        return site(`${status}${encodeURIComponent(order.merchantOrderId)}`);
      }
      default:
        return site(`/payment-failure${query}`);
    }
  }

  /** Confirms with the gateway; if it cannot be reached, reconciliation will, and the user sees "pending". */
  async function confirmCharge(order: OrderRow, source: string): Promise<OrderRow | undefined> {
    try {
      return await deps.charges.confirmCharge(order.id, source);
    } catch (error) {
      if (!isGatewayFailure(error)) throw error;
      logger.warn({ err: error, orderId: order.id }, 'could not confirm a reported payment yet');
      return findOrder(db, order.id);
    }
  }

  /** The callback port of one gateway's plug-in. */
  return (gateway: Gateway): CallbackPort => ({
    tags: ['gateway callbacks'],
    findOrder: (anyId) => findOrderByAnyId(db, anyId),
    findOrderByGatewayOrderId: (gatewayOrderId) => findOrderByGatewayOrderId(db, gateway, gatewayOrderId),
    recordEvent: (event) =>
      recordGatewayEvent(db, {
        ...event,
        gateway,
        key: event.verified ? event.key : `unverified:${randomUUID()}`,
      }),
    confirmCharge,
    refundChanged: (gatewayRefundId) => deps.refunds.refundChanged(gateway, gatewayRefundId),
    outcomePage,
    async mandateChanged(key, event, payload) {
      const fresh = await recordGatewayEvent(db, { gateway, key, orderId: null, verified: true, payload });
      if (!fresh) return logger.info({ gateway, key }, 'mandate callback replayed; ignored');
      await enqueueJob(
        db,
        MANDATE_EVENT_JOB,
        { gateway, ...event },
        { dedupeKey: `mandate-event:${gateway}:${key}` },
      );
    },
  });
}
