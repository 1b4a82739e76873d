import { createHash, randomUUID } from 'node:crypto';
import {
  type CreateOrderRequest,
  type CreateOrderResponse,
  type GatewayFormPost,
  messages,
  type RazorpayWebhookBody,
  razorpayWebhookSchema,
} from '@erti/contracts';
import { badRequest, unauthorized } from '../../errors.ts';
import type { GatewayPort, Payer } from '../gateway-port.ts';
import type { RazorpayGateway } from './razorpay-gateway.ts';

const parseJson = (raw: Buffer): unknown => {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Razorpay's side of a payment (the test payment page): the hand-off creates a Razorpay order for the
 * amount asked; Razorpay's checkout posts the browser back with a signature over OUR stored order
 * id, and its webhooks are signed over the raw body.
 */
export function createRazorpayPayments(razorpay: RazorpayGateway, port: GatewayPort) {
  const { handOff, callbacks, site, logger } = port;

  /**
   * The part of a webhook about a mandate (a token's state, a debit's notice, a payment on a token):
   * queued once for AutoPay. A debit's payment then goes on as any payment (its order is ours).
   */
  async function mandateWebhook(key: string, event: RazorpayWebhookBody): Promise<void> {
    const { payment, order, token } = event.payload;
    const tokenId = token?.entity.id ?? payment?.entity.token_id ?? undefined;
    const notice = event.event.startsWith('order.notification.');
    if (!tokenId && !notice) return;
    await callbacks.mandateChanged(
      `mandate:${key}`,
      {
        event: event.event,
        ...(tokenId ? { tokenId } : {}),
        ...(notice && order
          ? { gatewayOrderId: order.entity.id, debitId: order.entity.receipt ?? undefined }
          : {}),
        ...(payment?.entity.order_id ? { gatewayOrderId: payment.entity.order_id } : {}),
      },
      event as unknown as Record<string, unknown>,
    );
  }

  return {
    /** The test payment page through Razorpay: the amount asked for, no bill behind it. */
    async start(payer: Payer, body: CreateOrderRequest): Promise<CreateOrderResponse> {
      const order = await handOff.openTestOrder(payer, 'razorpay', body.amount);
      let razorpayOrderId: string;
      try {
        const notes = Object.fromEntries(Object.entries(body.notes ?? {}).slice(0, 12));
        const created = await razorpay.createOrder({
          amount: order.amountPaise,
          currency: 'INR',
          receipt: order.merchantOrderId,
          notes: { ...notes, orderId: order.id, receipt: body.receipt },
        });
        razorpayOrderId = created.id;
      } catch (error) {
        return handOff.handOffFailed(order, error, messages.errors.createOrderFailed);
      }
      await handOff.handedOff(order, razorpayOrderId);
      return {
        id: razorpayOrderId,
        amount: order.amountPaise,
        currency: 'INR',
        receipt: body.receipt,
        keyId: razorpay.keyId,
        checkoutUrl: razorpay.checkoutUrl,
        callbackUrl: site('/api/razorpay/callback'),
        cancelUrl: site(`/payment-failure?orderId=${order.id}`),
        orderId: order.id,
      };
    },

    /** Razorpay's checkout callback: the signature over OUR stored order id, then the payment itself. */
    async callback(fields: GatewayFormPost): Promise<string> {
      const razorpayOrderId = fields.razorpay_order_id ?? fields['error[metadata][order_id]'];
      const order = razorpayOrderId ? await callbacks.findOrderByGatewayOrderId(razorpayOrderId) : undefined;
      if (!order?.gatewayOrderId) {
        logger.warn({ razorpayOrderId }, 'Razorpay callback for an unknown order refused');
        return site('/payment-failure');
      }
      const paymentId = fields.razorpay_payment_id;
      const authentic =
        !paymentId ||
        razorpay.paymentSignatureValid(order.gatewayOrderId, paymentId, fields.razorpay_signature ?? '');
      const fresh = await callbacks.recordEvent({
        key: `callback:${paymentId ?? fields['error[metadata][payment_id]'] ?? randomUUID()}`,
        orderId: order.id,
        verified: authentic,
        payload: fields,
      });
      if (!authentic) {
        logger.warn({ orderId: order.id }, 'Razorpay callback with a forged signature refused');
        return site('/payment-failure');
      }
      return callbacks.outcomePage(fresh ? await callbacks.confirmCharge(order, 'razorpay-callback') : order);
    },

    /** Razorpay's webhook: the signature over the raw body, de-duplicated by the event id. */
    async webhook(raw: Buffer, signature: string | undefined, eventId: string | undefined): Promise<void> {
      if (!razorpay.webhookSignatureValid(raw, signature)) {
        logger.warn({ eventId }, 'Razorpay webhook with a wrong signature refused');
        throw unauthorized('Invalid webhook signature');
      }
      const parsed = razorpayWebhookSchema.safeParse(parseJson(raw));
      if (!parsed.success) throw badRequest('The webhook body is not a Razorpay event');
      const event = parsed.data;
      const payment = event.payload?.payment?.entity;
      const refund = event.payload?.refund?.entity;
      const key = eventId ?? createHash('sha256').update(raw).digest('hex');
      await mandateWebhook(key, event);
      const order = payment?.order_id
        ? await callbacks.findOrderByGatewayOrderId(payment.order_id)
        : undefined;
      const fresh = await callbacks.recordEvent({
        key,
        orderId: order?.id ?? null,
        verified: true,
        payload: event as unknown as Record<string, unknown>,
      });
      if (!fresh) {
        logger.info({ eventId }, 'Razorpay webhook replayed; ignored');
        return;
      }
      if (order) await callbacks.confirmCharge(order, `razorpay-webhook:${event.event}`);
      if (refund?.id) await callbacks.refundChanged(refund.id);
    },
  };
}
