import { describe, expect, it } from 'vitest';
import { razorpayPaymentSignature, razorpayWebhookSignature } from './razorpay.ts';

// Known-answer vectors from ../shared/reference/protocols.md (official SDK tests where marked).
describe('Razorpay signatures', () => {
  it('webhook KAT (official)', () => {
    expect(razorpayWebhookSignature('{"a":1,"b":2,"c":{"d":3}}', '123456')).toBe(
      '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc',
    );
  });
  it('payment KAT (official)', () => {
    expect(
      razorpayPaymentSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', 'EnLs21M47BllR3X8PSFtjtbd'),
    ).toBe('0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f');
  });
});
