import { createHash } from 'node:crypto';
import { razorpayWebhookSignature } from '@erti/protocols';
import { describe, expect, it } from 'vitest';
import {
  createPayuGateway,
  payuChargeState,
  payuRefundState,
} from '../src/integrations/payu/payu-gateway.ts';
import {
  createPhonepeGateway,
  phonepeChargeState,
  phonepeRefundState,
} from '../src/integrations/phonepe/phonepe-gateway.ts';
import {
  createRazorpayGateway,
  razorpayChargeState,
  razorpayRefundState,
} from '../src/integrations/razorpay/razorpay-gateway.ts';

// Known-answer vectors from ../shared/reference/protocols.md (official SDK tests): the sandbox must not
// be the only judge of the adapters' checks.
const unused = 'http://127.0.0.1:9';

describe('PayU adapter', () => {
  const payu = createPayuGateway({ baseUrl: unused, key: 'bjg$121', salt: 'vhgvs75', timeoutMs: 100 });
  const kat3 = {
    key: 'bjg$121',
    txnid: '3123',
    amount: '1000',
    productinfo: 'mobile',
    firstname: 'Jacob',
    email: 'test@payu.in',
    status: 'success',
    hash: '687c82156a84271a7a6c63d0e8774d5ac567d9b894a334a47d72e47b72392a5167a1b2add5b253490b70731d9eb3e3a3b7225e0c5f26829befafbbee71977c4c',
  };

  it('accepts the official reverse-hash vector (KAT-PU3) and refuses any change to it', () => {
    expect(payu.postbackAuthentic(kat3)).toBe(true);
    expect(payu.postbackAuthentic({ ...kat3, amount: '10000' })).toBe(false);
    expect(payu.postbackAuthentic({ ...kat3, status: 'failure' })).toBe(false);
    expect(payu.postbackAuthentic({ ...kat3, key: 'another' })).toBe(false);
    expect(payu.postbackAuthentic({ ...kat3, hash: undefined })).toBe(false);
  });

  it('includes additional charges in the reverse hash when PayU sends them (KAT-PU4)', () => {
    const fields = {
      key: 'bjg$121',
      txnid: 'TXN1001',
      amount: '499.00',
      productinfo: 'Electricity Bill',
      firstname: 'Asha',
      email: 'asha@example.com',
      udf1: 'u1',
      udf2: 'u2',
      udf3: 'u3',
      udf4: 'u4',
      udf5: 'u5',
      status: 'success',
      additional_charges: '10.00',
      hash: 'ee608bcc2bb2353e5709156d6d6cd0bdaf00ae605d497f9829a1fdffb7ee9e5ba7be9c741e11ea7c20fa1197df749e1b108a8c34a048b86ceda9caf7f27ddeb8',
    };
    expect(payu.postbackAuthentic(fields)).toBe(true);
    expect(payu.postbackAuthentic({ ...fields, additional_charges: undefined })).toBe(false);
  });

  it('signs the checkout form over the documented sequence, with the amount exactly as posted', () => {
    const fields = payu.checkoutFields({
      txnid: '3123',
      amountPaise: 100_000,
      productinfo: 'mobile',
      firstname: 'Jacob',
      lastname: 'Rao',
      email: 'test@payu.in',
      phone: '9876543210',
      udf1: 'usr_1',
      surl: 'https://example.com/s',
      furl: 'https://example.com/f',
    });
    expect(fields.amount).toBe('1000.00');
    // key|txnid|amount|productinfo|firstname|email|udf1..udf5||||||SALT (protocols.md §1.3), written out by hand.
    const documented = 'bjg$121|3123|1000.00|mobile|Jacob|test@payu.in|usr_1||||||||||vhgvs75';
    expect(fields.hash).toBe(createHash('sha512').update(documented).digest('hex'));
  });

  it('maps PayU states to ours in one place', () => {
    expect(payuChargeState({ mihpayid: '1', txnid: 't', status: 'success' })).toBe('PAID');
    expect(payuChargeState({ mihpayid: '1', txnid: 't', status: 'failure' })).toBe('FAILED');
    expect(payuChargeState({ mihpayid: '1', txnid: 't', status: 'pending' })).toBe('PENDING');
    expect(payuChargeState({ mihpayid: 'Not Found', txnid: 't', status: 'Not Found' })).toBe('NOT_FOUND');
    expect(['SUCCESS', 'success', 'queued', 'failure'].map(payuRefundState)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'PENDING',
      'FAILED',
    ]);
  });
});

describe('PhonePe adapter', () => {
  const phonepe = createPhonepeGateway({
    baseUrl: unused,
    clientId: 'c',
    clientSecret: 's',
    clientVersion: '1',
    callbackUsername: 'username',
    callbackPassword: 'password',
    timeoutMs: 100,
  });

  it('accepts the official callback authorization (KAT-PP1) and nothing else', () => {
    const kat = 'bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e';
    expect(phonepe.callbackAuthorised(kat)).toBe(true);
    expect(phonepe.callbackAuthorised(kat.toUpperCase())).toBe(true);
    expect(phonepe.callbackAuthorised(`${kat.slice(0, -1)}f`)).toBe(false);
    expect(phonepe.callbackAuthorised(undefined)).toBe(false);
  });

  it('maps PhonePe states to ours', () => {
    expect(['COMPLETED', 'FAILED', 'PENDING'].map((state) => phonepeChargeState(state as 'PENDING'))).toEqual(
      ['PAID', 'FAILED', 'PENDING'],
    );
    expect(
      ['PENDING', 'CONFIRMED', 'COMPLETED', 'FAILED'].map((state) => phonepeRefundState(state as 'PENDING')),
    ).toEqual(['PENDING', 'PENDING', 'COMPLETED', 'FAILED']);
  });
});

describe('Razorpay adapter', () => {
  const razorpay = createRazorpayGateway({
    baseUrl: unused,
    keyId: 'rzp_test_x',
    keySecret: 'EnLs21M47BllR3X8PSFtjtbd',
    webhookSecret: '123456',
    timeoutMs: 100,
  });

  it('checks the checkout signature against the official vector, over OUR order id', () => {
    const signature = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';
    expect(razorpay.paymentSignatureValid('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', signature)).toBe(
      true,
    );
    expect(razorpay.paymentSignatureValid('order_other00000000', 'pay_IH4NVgf4Dreq1l', signature)).toBe(
      false,
    );
  });

  it('checks the webhook signature over the raw bytes (official vector)', () => {
    const body = Buffer.from('{"a":1,"b":2,"c":{"d":3}}');
    const signature = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    expect(razorpay.webhookSignatureValid(body, signature)).toBe(true);
    expect(razorpay.webhookSignatureValid(Buffer.from('{"a":1, "b":2,"c":{"d":3}}'), signature)).toBe(false);
    expect(razorpay.webhookSignatureValid(body, undefined)).toBe(false);
    expect(razorpayWebhookSignature(body, '123456')).toBe(signature);
  });

  it('maps Razorpay states to ours: a refunded payment was captured', () => {
    expect(
      (['captured', 'refunded', 'authorized', 'created', 'failed'] as const).map(razorpayChargeState),
    ).toEqual(['PAID', 'PAID', 'PENDING', 'PENDING', 'FAILED']);
    expect((['pending', 'processed', 'failed'] as const).map(razorpayRefundState)).toEqual([
      'PENDING',
      'COMPLETED',
      'FAILED',
    ]);
  });
});
