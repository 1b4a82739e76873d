import type { GatewayFormPost, PayuHashRequest, PayuHashResponse } from '@erti/contracts';
import type { GatewayPort, Payer } from '../gateway-port.ts';
import type { PayuGateway } from './payu-gateway.ts';

const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
};

/**
 * PayU's side of a payment: the hand-off is a signed form we build ourselves (it cannot fail, so the
 * order starts handed off), and PayU posts the browser back to surl or furl with a reverse hash.
 */
export function createPayuPayments(payu: PayuGateway, port: GatewayPort) {
  const { handOff, callbacks, site, logger } = port;
  return {
    async start(payer: Payer, body: PayuHashRequest): Promise<PayuHashResponse> {
      const order = await handOff.openBillOrder(payer, 'payu', body, body.amount, { handedOff: true });
      const charge = handOff.chargeOf(order);
      const account = order.payer ?? {};
      const name = splitName(account.name ?? '');
      const fields = payu.checkoutFields({
        txnid: order.merchantOrderId,
        amountPaise: charge.totalPaise,
        productinfo: order.billerName.slice(0, 100),
        firstname: (body.firstname?.trim() || name.first || 'Customer').slice(0, 60),
        lastname: (body.lastname?.trim() || name.last).slice(0, 60),
        email: (body.email?.trim() || account.email || '').slice(0, 50),
        phone: (body.phone?.trim() || account.phone || '').slice(0, 20),
        udf1: payer.user.id,
        surl: site('/api/payu/payment-success'),
        furl: site('/api/payu/payment-failure'),
      });
      return {
        txnid: fields.txnid,
        hash: fields.hash,
        orderId: order.id,
        action: payu.paymentUrl,
        fields,
        charge,
      };
    },

    /** PayU's post back to surl or furl (both the same: the reverse hash, then verify_payment). */
    async postback(fields: GatewayFormPost): Promise<string> {
      const order = fields.txnid ? await callbacks.findOrder(fields.txnid) : undefined;
      const authentic = payu.postbackAuthentic(fields);
      const fresh = await callbacks.recordEvent({
        key: `postback:${fields.mihpayid}:${fields.status}`,
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
      return callbacks.outcomePage(fresh ? await callbacks.confirmCharge(order, 'payu') : order);
    },
  };
}
