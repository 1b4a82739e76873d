import { createHash, randomUUID } from 'node:crypto';
import { type GatewayFormPost, type PhonepeCallbackBody, razorpayWebhookSchema } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { isGatewayFailure } from '../../integrations/payment-gateway.ts';
import type { PayuGateway } from '../../integrations/payu/payu-gateway.ts';
import type { PhonepeGateway } from '../../integrations/phonepe/phonepe-gateway.ts';
import type { RazorpayGateway } from '../../integrations/razorpay/razorpay-gateway.ts';
import type { ChargeConfirmationService } from './charge-confirmation.service.ts';
import {
  findOrder,
  findOrderByAnyId,
  findOrderByGatewayOrderId,
  type OrderRow,
  recordGatewayEvent,
} from './payments.repository.ts';
import type { RefundsService } from './refunds.service.ts';

const parseJson = (raw: Buffer): unknown => {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
};

export interface CallbacksDeps {
  db: Database;
  config: Config;
  payu: PayuGateway;
  phonepe: PhonepeGateway;
  razorpay: RazorpayGateway;
  charges: ChargeConfirmationService;
  refunds: RefundsService;
  logger: FastifyBaseLogger;
}

/**
 * What gateways send us: PayU's post backs, PhonePe's S2S callbacks, Razorpay's checkout callback and
 * webhooks. Each is verified first (reverse hash, authorization, signature over OUR order id or the raw
 * body), recorded under the provider's own key (a replay changes nothing), and then only triggers a
 * confirmation with the gateway's API: money moves on what the API says, never on what was posted.
 */
export function createGatewayCallbacks(deps: CallbacksDeps) {
  const { db, logger } = deps;
  const site = (path: string) => `${deps.config.PUBLIC_URL}${path}`;

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
      case 'PAYMENT_PENDING':
        return site(`/phonepe/status/${encodeURIComponent(order.merchantOrderId)}`);
      default:
        return site(`/payment-failure${query}`);
    }
  }

  /** Confirms with the gateway; if it cannot be reached, reconciliation will, and the user sees "pending". */
  async function confirm(order: OrderRow, source: string): Promise<OrderRow | undefined> {
    try {
      return await deps.charges.confirmCharge(order.id, source);
    } catch (error) {
      if (!isGatewayFailure(error)) throw error;
      logger.warn({ err: error, orderId: order.id }, 'could not confirm a reported payment yet');
      return findOrder(db, order.id);
    }
  }

  const unverifiedKey = () => `unverified:${randomUUID()}`;

  return {
    /** PayU's post back to surl or furl (both the same: the reverse hash, then verify_payment). */
    async payuPostback(fields: GatewayFormPost): Promise<string> {
      const order = fields.txnid ? await findOrderByAnyId(db, fields.txnid) : undefined;
      const authentic = deps.payu.postbackAuthentic(fields);
      const fresh = await recordGatewayEvent(db, {
        gateway: 'payu',
        key: authentic ? `postback:${fields.mihpayid}:${fields.status}` : unverifiedKey(),
        orderId: order?.id ?? null,
        verified: authentic,
        payload: fields,
      });
      if (!authentic || order?.gateway !== 'payu') {
        logger.warn(
          { txnid: fields.txnid, authentic },
          'PayU post back refused: wrong hash or unknown order',
        );
        return site('/payment-failure');
      }
      return outcomePage(fresh ? await confirm(order, 'payu') : order);
    },

    /** PhonePe's S2S callback; its authorization is checked before the body is even read. */
    assertPhonepeAuthorised(authorization: string | undefined): void {
      if (deps.phonepe.callbackAuthorised(authorization)) return;
      logger.warn('PhonePe callback with a wrong authorization refused');
      throw unauthorized('Invalid callback authorization');
    },

    async phonepeCallback(body: PhonepeCallbackBody): Promise<void> {
      const { payload } = body;
      const merchantOrderId = payload.merchantOrderId ?? payload.originalMerchantOrderId ?? '';
      const order = await findOrderByAnyId(db, merchantOrderId);
      const attempt = payload.refundId ?? payload.paymentDetails?.at(-1)?.transactionId ?? '';
      const fresh = await recordGatewayEvent(db, {
        gateway: 'phonepe',
        key: `${body.event}:${payload.orderId ?? merchantOrderId}:${payload.state ?? ''}:${attempt}`,
        orderId: order?.id ?? null,
        verified: true,
        payload: body as unknown as Record<string, unknown>,
      });
      if (!fresh) {
        logger.info({ merchantOrderId }, 'PhonePe callback replayed; ignored');
        return;
      }
      if (body.event.startsWith('pg.refund') && payload.refundId)
        return deps.refunds.refundChanged('phonepe', payload.refundId);
      if (order?.gateway === 'phonepe') await confirm(order, 'phonepe-callback');
    },

    /** Razorpay's checkout callback: the signature over OUR stored order id, then the payment itself. */
    async razorpayCallback(fields: GatewayFormPost): Promise<string> {
      const razorpayOrderId = fields.razorpay_order_id ?? fields['error[metadata][order_id]'];
      const order = razorpayOrderId
        ? await findOrderByGatewayOrderId(db, 'razorpay', razorpayOrderId)
        : undefined;
      if (!order?.gatewayOrderId) {
        logger.warn({ razorpayOrderId }, 'Razorpay callback for an unknown order refused');
        return site('/payment-failure');
      }
      const paymentId = fields.razorpay_payment_id;
      const authentic =
        !paymentId ||
        deps.razorpay.paymentSignatureValid(order.gatewayOrderId, paymentId, fields.razorpay_signature ?? '');
      const fresh = await recordGatewayEvent(db, {
        gateway: 'razorpay',
        key: authentic
          ? `callback:${paymentId ?? fields['error[metadata][payment_id]'] ?? randomUUID()}`
          : unverifiedKey(),
        orderId: order.id,
        verified: authentic,
        payload: fields,
      });
      if (!authentic) {
        logger.warn({ orderId: order.id }, 'Razorpay callback with a forged signature refused');
        return site('/payment-failure');
      }
      return outcomePage(fresh ? await confirm(order, 'razorpay-callback') : order);
    },

    /** Razorpay's webhook: the signature over the raw body, de-duplicated by the event id. */
    async razorpayWebhook(
      raw: Buffer,
      signature: string | undefined,
      eventId: string | undefined,
    ): Promise<void> {
      if (!deps.razorpay.webhookSignatureValid(raw, signature)) {
        logger.warn({ eventId }, 'Razorpay webhook with a wrong signature refused');
        throw unauthorized('Invalid webhook signature');
      }
      const parsed = razorpayWebhookSchema.safeParse(parseJson(raw));
      if (!parsed.success) throw badRequest('The webhook body is not a Razorpay event');
      const event = parsed.data;
      const payment = event.payload?.payment?.entity;
      const refund = event.payload?.refund?.entity;
      const order = payment?.order_id
        ? await findOrderByGatewayOrderId(db, 'razorpay', payment.order_id)
        : undefined;
      const fresh = await recordGatewayEvent(db, {
        gateway: 'razorpay',
        key: eventId ?? createHash('sha256').update(raw).digest('hex'),
        orderId: order?.id ?? null,
        verified: true,
        payload: event as unknown as Record<string, unknown>,
      });
      if (!fresh) {
        logger.info({ eventId }, 'Razorpay webhook replayed; ignored');
        return;
      }
      if (order) await confirm(order, `razorpay-webhook:${event.event}`);
      if (refund?.id) await deps.refunds.refundChanged('razorpay', refund.id);
    },
  };
}

export type GatewayCallbacks = ReturnType<typeof createGatewayCallbacks>;
