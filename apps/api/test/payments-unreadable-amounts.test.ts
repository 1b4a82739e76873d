import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatewayAnswerUnreadableError } from '../src/integrations/payment-gateway.ts';
import { cannedGateways, gatewayAnswers } from './support/canned-gateways.ts';

// Each adapter's charge check against one canned answer whose amount the one rupee parser refuses
// (decision 061): never a charge of 0, never a rounded amount, but the answer kept for a person.
const order = { merchantOrderId: 'EP0000000000000000002', gatewayOrderId: 'order_2', gatewayPaymentId: null };

async function refusedAmount(check: Promise<unknown>, answer: unknown, field: string) {
  const error = await check.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayAnswerUnreadableError);
  expect(error).toMatchObject({ field, answer });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a charge answer whose amount cannot be read', () => {
  const { payu, phonepe, razorpay } = cannedGateways();

  it.each([
    ['a fraction of a paisa', '499.005'],
    ['an exponent', '4.99e2'],
    ['a sign', '-499.00'],
    ['a decimal comma', '499,00'],
    ['more than the largest amount', '1000000000.00'],
  ])('PayU: %s (%s) in transaction_amount', async (_, amount) => {
    const answer = {
      status: 1,
      msg: '1 out of 1 Transactions Fetched Successfully',
      transaction_details: {
        [order.merchantOrderId]: {
          mihpayid: '403993715521889530',
          txnid: order.merchantOrderId,
          status: 'success',
          transaction_amount: amount,
          amt: '499.00',
        },
      },
    };
    gatewayAnswers(answer);
    await refusedAmount(payu.checkCharge(order), answer, 'amount (transaction_amount)');
  });

  it('PayU: zeros past the paise and a JSON number are still amounts', async () => {
    const verified = (amt: unknown) => ({
      status: 1,
      msg: '1 out of 1 Transactions Fetched Successfully',
      transaction_details: {
        [order.merchantOrderId]: { mihpayid: '4039', txnid: order.merchantOrderId, status: 'success', amt },
      },
    });
    gatewayAnswers(verified('499.000'));
    expect((await payu.checkCharge(order)).amountPaise).toBe(49_900);
    gatewayAnswers(verified(499.5));
    expect((await payu.checkCharge(order)).amountPaise).toBe(49_950);
  });

  it.each([
    ['a fraction of a paisa', 49_900.5],
    ['a negative amount', -49_900],
    ['text with decimals', '499.00'],
  ])('PhonePe: %s (%j) in amount', async (_, amount) => {
    const answer = {
      orderId: 'OMO2',
      state: 'COMPLETED',
      amount,
      paymentDetails: [{ transactionId: 'OM2', paymentMode: 'UPI_QR', state: 'COMPLETED', amount }],
    };
    gatewayAnswers(answer);
    await refusedAmount(phonepe.checkCharge(order), answer, 'amount (amount)');
  });

  it.each([
    ['a fraction of a paisa', 49_900.5],
    ['an unsafe integer', 2 ** 53],
    ['text', 'forty'],
  ])('Razorpay: %s (%j) in amount', async (_, amount) => {
    const payment = { id: 'pay_2', order_id: 'order_2', status: 'captured', amount, method: 'upi' };
    gatewayAnswers({ entity: 'collection', count: 1, items: [payment] });
    await refusedAmount(razorpay.checkCharge(order), payment, 'amount (amount)');
  });
});
