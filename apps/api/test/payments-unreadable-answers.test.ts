import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatewayAnswerUnreadableError } from '../src/integrations/payment-gateway.ts';
import { payuChargeState } from '../src/integrations/payu/payu-gateway.ts';
import { phonepeChargeState } from '../src/integrations/phonepe/phonepe-gateway.ts';
import { razorpayChargeState } from '../src/integrations/razorpay/razorpay-gateway.ts';
import { cannedGateways, gatewayAnswers } from './support/canned-gateways.ts';

// Each adapter's charge check against one canned gateway answer: a status word it does not know, or a
// paid charge without its payment id, is unreadable (decision 062), never "pending" and never paid.
const order = { merchantOrderId: 'EP0000000000000000001', gatewayOrderId: 'order_1', gatewayPaymentId: null };

async function unreadable(check: Promise<unknown>): Promise<GatewayAnswerUnreadableError> {
  const error = await check.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayAnswerUnreadableError);
  return error as GatewayAnswerUnreadableError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a charge answer that cannot be read', () => {
  const { payu, phonepe, razorpay } = cannedGateways();
  const payuVerified = (transaction: Record<string, unknown>) => ({
    status: 1,
    msg: '1 out of 1 Transactions Fetched Successfully',
    transaction_details: { [order.merchantOrderId]: { txnid: order.merchantOrderId, ...transaction } },
  });

  it('maps only the status words each gateway documents; any other is unknown', () => {
    expect(payuChargeState({ mihpayid: '1', txnid: 't', status: 'hold' as 'pending' })).toBeUndefined();
    expect(phonepeChargeState('UNDER_REVIEW' as 'PENDING')).toBeUndefined();
    expect(razorpayChargeState('disputed' as 'created')).toBeUndefined();
  });

  it('PayU: an unknown status word, or "success" without a mihpayid, keeps the answer as it came', async () => {
    const odd = payuVerified({ mihpayid: '403993715521889530', status: 'hold', amt: '499.00' });
    gatewayAnswers(odd);
    const status = await unreadable(payu.checkCharge(order));
    expect(status).toMatchObject({ gateway: 'payu', field: 'status (status)', answer: odd });

    gatewayAnswers(payuVerified({ mihpayid: 'Not Found', status: 'success', amt: '499.00' }));
    expect((await unreadable(payu.checkCharge(order))).field).toBe('id (mihpayid)');
  });

  it('PhonePe: an unknown order state, or COMPLETED without a transaction id', async () => {
    const odd = { orderId: 'OMO1', state: 'UNDER_REVIEW', amount: 49_900, paymentDetails: [] };
    gatewayAnswers(odd);
    expect(await unreadable(phonepe.checkCharge(order))).toMatchObject({
      gateway: 'phonepe',
      field: 'status (state)',
      answer: odd,
    });

    gatewayAnswers({ orderId: 'OMO1', state: 'COMPLETED', amount: 49_900, paymentDetails: [{}] });
    expect((await unreadable(phonepe.checkCharge(order))).field).toBe('id (paymentDetails[].transactionId)');
  });

  it('Razorpay: an attempt in an unknown state is read first, even beside a failed one', async () => {
    const failed = { id: 'pay_1', entity: 'payment', amount: 49_900, status: 'failed', method: 'upi' };
    const odd = { ...failed, id: 'pay_2', status: 'disputed' };
    gatewayAnswers({ entity: 'collection', count: 2, items: [odd, failed] });
    expect(await unreadable(razorpay.checkCharge(order))).toMatchObject({
      gateway: 'razorpay',
      field: 'status (status)',
      answer: odd,
    });

    gatewayAnswers({ entity: 'collection', count: 1, items: [{ ...failed, id: '', status: 'captured' }] });
    expect((await unreadable(razorpay.checkCharge(order))).field).toBe('id (id)');
  });

  it('still reads the documented words as before', async () => {
    gatewayAnswers(payuVerified({ mihpayid: '403993715521889530', status: 'pending', amt: '499.00' }));
    expect(await payu.checkCharge(order)).toMatchObject({ state: 'PENDING' });
    gatewayAnswers({
      entity: 'collection',
      count: 1,
      items: [{ id: 'pay_3', amount: 1, status: 'authorized' }],
    });
    expect(await razorpay.checkCharge(order)).toMatchObject({ state: 'PENDING', paymentId: 'pay_3' });
  });
});
