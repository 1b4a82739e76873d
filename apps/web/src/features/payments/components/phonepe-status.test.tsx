import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signIn, stubApi } from '../testing/render.tsx';
import { PhonepeStatus } from './phonepe-status.tsx';

const STATUS = 'POST /api/phonepe/pay/status';

function answer(status: string, extra: Record<string, unknown> = {}) {
  return {
    status,
    merchantOrderId: 'EPabc123',
    orderId: 'ord_1',
    billAmount: '489.00',
    convenienceFee: '10.00',
    amount: '499.00',
    paymentMode: status === 'COMPLETED' ? 'UPI_INTENT' : null,
    transactionId: '',
    billerName: 'Tata Power',
    txnReferenceId: null,
    approvalRefNum: null,
    transactionTime: '22 Nov 2025, 1:45 am IST',
    orderStatus: 'PAYMENT_PENDING',
    message: 'Checking',
    ...extra,
  };
}

/** Answers each status call with the next of `statuses` (the last one repeats). */
function answerInTurn(...statuses: (string | Error)[]) {
  return stubApi({
    [STATUS]: () => {
      const next = statuses.length > 1 ? statuses.shift() : statuses[0];
      if (next instanceof Error) return { status: 503, body: { message: next.message } };
      return { body: answer(next ?? 'PENDING') };
    },
  });
}

/**
 * Moves the fake clock by `ms`, then lets answered fetches and renders settle (a few real turns and
 * a millisecond each: the query cache batches its updates on short timers).
 */
const flush = (ms = 0) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let turn = 0; turn < 3; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(1);
    }
  });

const play = vi.fn(() => Promise.resolve());
/** Stands in for the browser's Audio: records play() calls. */
class FakeAudio {
  play = play;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.stubGlobal('Audio', FakeAudio);
  play.mockClear();
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PhonePe status modal', () => {
  it('shows a spinner, then every field with its upper-cased label and N/A for empty values', async () => {
    answerInTurn('PENDING');
    renderScreen(<PhonepeStatus transactionId="EPabc123" />, { path: '/phonepe/status/EPabc123' });
    expect(screen.getByRole('status').textContent).toBe('Checking your payment status');

    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Payment Pending' });
    const row = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(row('MERCHANT ORDER ID')).toBe('EPabc123');
    expect(row('BILLER NAME')).toBe('Tata Power');
    expect(row('PAYMENT MODE')).toBe('N/A');
    expect(row('TRANSACTION ID')).toBe('N/A');
    expect(row('TXN REFERENCE ID')).toBe('N/A');
    expect(row('STATUS')).toBe('PENDING');
  });

  it('says in one sentence, above the fields, the amount in rupees, the biller and what comes next, with the receipt', async () => {
    const money = {
      state: 'refund-started',
      paidPaise: 555_511,
      refundedPaise: 0,
      refundingPaise: 555_511,
      refundDeadline: '2025-11-26T18:29:59.999Z',
      refundedAt: null,
    };
    stubApi({
      [STATUS]: () => ({
        body: answer('PENDING', { amount: '5555.11', orderStatus: 'REFUND_PENDING', money }),
      }),
    });
    renderScreen(<PhonepeStatus transactionId="EPabc123" />, { path: '/payment-status/EPabc123' });
    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Payment Pending' });
    expect(
      within(dialog).getByText(
        '₹5,555.11 of your payment of ₹5,555.11 to Tata Power is being refunded to your original payment method. It will reach you by 26 Nov 2025.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(
      '/receipt/ord_1',
    );
    // The spec's field list stays; the money is the sentence, not a row of JSON.
    const row = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(row('AMOUNT')).toBe('5555.11');
    expect(within(dialog).queryByText('MONEY')).toBeNull();
  });

  it('names the bill amount and the convenience fee beside the amount charged, and the time in India', async () => {
    answerInTurn('COMPLETED');
    renderScreen(<PhonepeStatus transactionId="EPabc123" />, { path: '/phonepe/status/EPabc123' });
    await flush();
    const dialog = screen.getByRole('dialog', { name: 'Payment Successful' });
    const row = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(row('BILL AMOUNT')).toBe('489.00');
    expect(row('CONVENIENCE FEE')).toBe('10.00');
    expect(row('AMOUNT')).toBe('499.00');
    expect(row('TRANSACTION TIME')).toBe('22 Nov 2025, 1:45 am IST');
  });

  it.each([
    ['COMPLETED', 'Payment Successful', 'green'],
    ['FAILED', 'Payment Failed', 'red'],
    ['PENDING', 'Payment Pending', 'amber'],
  ])('shows %s as %s in %s', async (status, title, colour) => {
    answerInTurn(status);
    renderScreen(<PhonepeStatus transactionId="EPabc123" />, { path: '/phonepe/status/EPabc123' });
    await flush();
    const heading = screen.getByRole('heading', { name: title });
    expect(heading.className).toContain(`text-${colour}-`);
    const icon = screen.getByRole('dialog').querySelector('[data-tone]');
    expect(icon?.className).toContain(`bg-${colour}-`);
  });

  it('polls at once and every 5 s, keeps polling on FAILED and stops on COMPLETED with one sound', async () => {
    const api = answerInTurn('PENDING', 'FAILED', 'FAILED', 'COMPLETED');
    renderScreen(<PhonepeStatus transactionId="EPabc123" />, { path: '/phonepe/status/EPabc123' });
    await flush();
    expect(api.callsTo(STATUS)).toHaveLength(1);
    expect(api.callsTo(STATUS)[0]?.body).toEqual({ merchantOrderId: 'EPabc123' });

    await flush(4900);
    expect(api.callsTo(STATUS)).toHaveLength(1);
    await flush(100);
    expect(api.callsTo(STATUS)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Payment Failed' })).toBeTruthy();

    await flush(5000);
    expect(api.callsTo(STATUS)).toHaveLength(3);
    expect(play).not.toHaveBeenCalled();
    await flush(5000);
    expect(api.callsTo(STATUS)).toHaveLength(4);
    expect(screen.getByRole('dialog', { name: 'Payment Successful' })).toBeTruthy();

    await flush(20_000);
    expect(api.callsTo(STATUS)).toHaveLength(4);
    expect(play).toHaveBeenCalledOnce();
  });

  it('logs a failed check only and keeps polling', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = answerInTurn(new Error('Service unavailable'), 'COMPLETED');
    renderScreen(<PhonepeStatus transactionId="EPabc123" />, { path: '/phonepe/status/EPabc123' });
    await flush();
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Checking your payment status');

    await flush(5000);
    expect(api.callsTo(STATUS)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Payment Successful' })).toBeTruthy();
    logged.mockRestore();
  });

  it("says so when the payment is not the user's, instead of spinning forever", async () => {
    stubApi({ [STATUS]: () => ({ status: 404, body: { message: 'Order not found' } }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen(<PhonepeStatus transactionId="EPother" />, { path: '/phonepe/status/EPother' });
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('We could not find this payment.');
  });

  it('Close goes to /txn', async () => {
    answerInTurn('COMPLETED');
    renderScreen(<PhonepeStatus transactionId="EPabc123" />, { path: '/phonepe/status/EPabc123' });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await flush();
    expect(screen.getByTestId('location').textContent).toBe('/txn');
  });

  it('asks a logged-out visitor to log in and checks nothing', async () => {
    localStorage.clear();
    const api = answerInTurn('COMPLETED');
    renderScreen(<PhonepeStatus transactionId="EPabc123" />, { path: '/phonepe/status/EPabc123' });
    await flush();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?from=%2Fphonepe%2Fstatus%2FEPabc123',
    );
  });
});
