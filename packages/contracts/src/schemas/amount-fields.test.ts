import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_PAISE } from '../rupees.ts';
import { billRequestSchema } from './bills.ts';
import { refundRequestSchema } from './merchant.ts';
import { rupeeAmountSchema } from './payment-source.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? 'accepted' : result.error?.issues[0]?.message;

describe('amount fields of the api bodies', () => {
  it('read rupees with the one parser: the refusal is the reason', () => {
    expect(messageOf(rupeeAmountSchema.safeParse('499.50'))).toBe('accepted');
    expect(messageOf(rupeeAmountSchema.safeParse(499.5))).toBe('accepted');
    expect(messageOf(rupeeAmountSchema.safeParse(499.999))).toBe('Amount must have at most two decimals');
    expect(messageOf(rupeeAmountSchema.safeParse('4.99e2'))).toBe('Amount must not have an exponent');
    expect(messageOf(rupeeAmountSchema.safeParse(-1))).toBe('Amount must not have a sign');
    expect(messageOf(rupeeAmountSchema.safeParse(0))).toBe('Amount must be greater than 0');
  });

  it('read paise with the same parser, up to the largest amount', () => {
    const bill = { billDetails: { billerId: 'B1', customerParams: [] } };
    const billAmount = (amount: number) => messageOf(billRequestSchema.safeParse({ ...bill, amount }));
    expect(billAmount(MAX_AMOUNT_PAISE)).toBe('accepted');
    expect(billAmount(MAX_AMOUNT_PAISE + 1)).toBe('Amount must be at most 999999999.99 rupees');
    expect(billAmount(10.5)).toBe('Amount must be whole paise');
    expect(billAmount(0)).toBe('Amount must be greater than 0');
    const refund = { merchantOrderId: 'EP1', refundNote: 'asked' };
    expect(messageOf(refundRequestSchema.safeParse({ ...refund, amount: 2 ** 53 }))).toBe(
      'Amount must be whole paise',
    );
    expect(messageOf(refundRequestSchema.safeParse({ ...refund, amount: 1e12 }))).toBe(
      'Amount must be at most 999999999.99 rupees',
    );
  });
});
