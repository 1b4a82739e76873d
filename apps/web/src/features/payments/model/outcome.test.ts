import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../../lib/format.ts';
import { englishMessages } from '../../../test/intl.tsx';
import { makeOrderDetail } from '../testing/fixtures.ts';
import { progressText } from './outcome.ts';
import { receiptStanding } from './receipt.ts';

/** The sentences as an English reader sees them (the model gives ids and values). */
const { formatMessage } = createIntl({ locale: 'en-IN', messages: englishMessages });
const progress = (order: Parameters<typeof progressText>[0]) => {
  const text = progressText(order, formatsFor('en', 'IST'));
  return formatMessage(text, text.values);
};
const standing = (order: Parameters<typeof receiptStanding>[0]) =>
  formatMessage({ id: receiptStanding(order) });

const event = (
  fromStatus: 'PAYMENT_PENDING' | 'PAYMENT_FAILED' | 'BILL_PENDING',
  toStatus: 'PAYMENT_FAILED' | 'REFUND_PENDING' | 'BILL_FAILED',
) => ({
  fromStatus,
  toStatus,
  source: 'system',
  at: '2025-11-21T20:40:00.000Z',
});
const refund = {
  refundId: 'rfd_1',
  amount: 126_000,
  status: 'PENDING' as const,
  reason: 'auto' as const,
  note: null,
  createdAt: '2025-11-21T20:40:00.000Z',
  deadline: '2025-11-26T20:40:00.000Z',
};

describe('progressText of a refund in progress', () => {
  it('says no bill was paid with a charge that came after the payment was closed (decision 064)', () => {
    const order = makeOrderDetail({
      status: 'REFUND_PENDING',
      failureReason: 'The payment was taken after it had been reported failed',
      events: [event('PAYMENT_PENDING', 'PAYMENT_FAILED'), event('PAYMENT_FAILED', 'REFUND_PENDING')],
      refunds: [refund],
    });
    const text = progress(order);
    expect(text).toBe(
      'The payment was taken after it had been reported failed. No bill was paid with your payment of ₹1,260.00: its refund to your original payment method has been started; banks usually credit it within 2 days, at the latest by 27 Nov 2025.',
    );
    expect(text).not.toContain('could not accept');
  });

  it('still says the biller could not accept a payment it refused', () => {
    const order = makeOrderDetail({
      status: 'REFUND_PENDING',
      events: [event('BILL_PENDING', 'BILL_FAILED')],
      refunds: [refund],
    });
    expect(progress(order)).toContain('Tata Power - Mumbai could not accept this payment.');
  });
});

describe('receiptStanding of a refund in progress', () => {
  it('does not blame the biller for a charge no biller saw', () => {
    const order = makeOrderDetail({
      status: 'REFUND_PENDING',
      events: [event('PAYMENT_PENDING', 'PAYMENT_FAILED'), event('PAYMENT_FAILED', 'REFUND_PENDING')],
    });
    expect(standing(order)).toBe('No bill was paid with this payment · refund in progress');
  });

  it('says the biller could not accept a payment it refused', () => {
    const order = makeOrderDetail({
      status: 'REFUND_PENDING',
      events: [event('BILL_PENDING', 'BILL_FAILED')],
    });
    expect(standing(order)).toBe('The biller could not accept this payment · refund in progress');
  });
});
