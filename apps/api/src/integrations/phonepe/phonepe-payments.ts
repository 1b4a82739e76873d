import {
  messages,
  type PhonepeCallbackBody,
  type PhonepePayRequest,
  type PhonepePayResponse,
} from '@erti/contracts';
import { unauthorized } from '../../errors.ts';
import type { GatewayPort, Payer } from '../gateway-port.ts';
import type { PhonepeGateway } from './phonepe-gateway.ts';

/**
 * How long PhonePe keeps the checkout open: 5 minutes less than our own hand-off expiry, so that
 * PhonePe has refused any payment before we close the order (within PhonePe's 300 to 3600 s).
 */
const expireAfterSeconds = (handoffExpirySeconds: number) =>
  Math.min(3600, Math.max(300, handoffExpirySeconds - 300));

/**
 * PhonePe's side of a payment: the hand-off creates a checkout at PhonePe and sends the browser to it;
 * PhonePe calls us back server to server, with a fixed authorization header.
 */
export function createPhonepePayments(phonepe: PhonepeGateway, port: GatewayPort) {
  const { handOff, callbacks, site, logger } = port;

  /**
   * An AutoPay callback (a mandate's setup, state, notice or debit): queued once for AutoPay; a
   * debit that is already an order of ours is confirmed with PhonePe as any payment.
   */
  async function mandateCallback(body: PhonepeCallbackBody): Promise<void> {
    const { payload } = body;
    const mandateId = payload.merchantSubscriptionId ?? payload.paymentFlow?.merchantSubscriptionId;
    const debit = payload.paymentFlow?.type === 'SUBSCRIPTION_REDEMPTION';
    const attempt = payload.paymentDetails?.at(-1)?.transactionId ?? '';
    await callbacks.mandateChanged(
      `${body.event}:${mandateId}:${payload.orderId ?? ''}:${payload.state ?? ''}:${attempt}`,
      {
        event: body.event,
        mandateId,
        gatewayOrderId: payload.orderId,
        ...(debit ? { debitId: payload.merchantOrderId } : {}),
      },
      body as unknown as Record<string, unknown>,
    );
    const order =
      debit && payload.merchantOrderId ? await callbacks.findOrder(payload.merchantOrderId) : undefined;
    if (order?.gateway === 'phonepe') await callbacks.confirmCharge(order, 'phonepe-autopay-callback');
  }

  return {
    async start(payer: Payer, body: PhonepePayRequest): Promise<PhonepePayResponse> {
      const order = await handOff.openBillOrder(payer, 'phonepe', body, body.amount);
      const charge = handOff.chargeOf(order);
      let answer: Awaited<ReturnType<PhonepeGateway['pay']>>;
      try {
        answer = await phonepe.pay({
          merchantOrderId: order.merchantOrderId,
          amount: charge.totalPaise,
          expireAfter: expireAfterSeconds(handOff.handoffExpirySeconds),
          metaInfo: { udf1: order.id, udf2: order.billerName.slice(0, 250) },
          paymentFlow: {
            type: 'PG_CHECKOUT',
            merchantUrls: { redirectUrl: site(`/phonepe/status/${order.merchantOrderId}`) },
          },
        });
      } catch (error) {
        return handOff.handOffFailed(order, error, messages.errors.phonepeInit);
      }
      await handOff.handedOff(order, answer.orderId);
      return {
        redirectUrl: answer.redirectUrl,
        merchantOrderId: order.merchantOrderId,
        orderId: order.id,
        charge,
      };
    },

    /** PhonePe's S2S callback; its authorization is checked before the body is even read. */
    assertAuthorised(authorization: string | undefined): void {
      if (phonepe.callbackAuthorised(authorization)) return;
      logger.warn('PhonePe callback with a wrong authorization refused');
      throw unauthorized('Invalid callback authorization');
    },

    async callback(body: PhonepeCallbackBody): Promise<void> {
      if (body.event.startsWith('subscription.')) return mandateCallback(body);
      const { payload } = body;
      const merchantOrderId = payload.merchantOrderId ?? payload.originalMerchantOrderId ?? '';
      const order = await callbacks.findOrder(merchantOrderId);
      const attempt = payload.refundId ?? payload.paymentDetails?.at(-1)?.transactionId ?? '';
      const fresh = await callbacks.recordEvent({
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
        return callbacks.refundChanged(payload.refundId);
      if (order?.gateway === 'phonepe') await callbacks.confirmCharge(order, 'phonepe-callback');
    },
  };
}
