import type { OrderRefund } from '@erti/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrderDetail } from '../testing/fixtures.ts';
import { renderScreen, signIn, stubApi } from '../testing/render.tsx';
import { PaymentFailure, PaymentSuccess } from './payment-outcome.tsx';

const ORDER = 'GET /api/orders/ord_1';
const REFUND_TEXT = 'The amount will be refunded within 2 days.';

/** The value next to an amount label in the order's details (the label must be exactly this). */
const amountLine = (label: string) =>
  screen.getByText(label, { exact: true }).nextElementSibling?.textContent;

/** A partial refund completed on 22 Nov 2026 (decision 108); cases override the state and amounts. */
const refundedMoney = {
  state: 'partly-refunded' as const,
  paidPaise: 126_000,
  refundedPaise: 1_000,
  refundingPaise: 0,
  refundDeadline: null,
  refundedAt: '2026-11-22T10:00:00.000Z',
};

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('payment success page', () => {
  it("says when the payment's status did not load, and Try again brings it", async () => {
    let up = false;
    stubApi({
      [ORDER]: () => (up ? { body: makeOrderDetail() } : { status: 503, body: { message: 'Unavailable' } }),
    });
    renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain("We could not load this payment's status.");
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByText("We could not load this payment's status.")).toBeNull();
  });

  it("says 'Payment Successful' and 'Continue Shopping' goes home on a desktop", async () => {
    stubApi({});
    renderScreen(<PaymentSuccess />, { path: '/payment-success' });
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it('shows the Bharat Connect logo and, once the bill is paid, the B-Assured mark (decision 132)', async () => {
    stubApi({ [ORDER]: () => ({ body: makeOrderDetail() }) });
    renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    expect(screen.getByRole('img', { name: 'Powered by Bharat Connect' })).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: 'B-Assured: protected under Bharat Connect' }),
    ).toBeTruthy();
  });

  it('on a phone tries the app first and falls back to the web site after 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile');
    const location = { href: 'http://site.test/payment-success' };
    vi.stubGlobal('location', location);
    stubApi({});
    renderScreen(<PaymentSuccess />, { path: '/payment-success' });
    act(() => screen.getByRole('button', { name: 'Continue Shopping' }).click());
    expect(location.href).toBe('ertipay://home');
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.queryByTestId('location')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('follows the order: the B-Connect Txn ID once the biller confirms', async () => {
    stubApi({ [ORDER]: () => ({ body: makeOrderDetail() }) });
    renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    expect(await screen.findByText('EP015326ABCDEF123456')).toBeTruthy();
    expect(screen.getByText('Tata Power - Mumbai has received your payment of ₹1,260.00.')).toBeTruthy();
    expect(amountLine('Amount paid')).toBe('₹1,260.00');
    expect(screen.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe('/receipt/ord_1');
  });

  it('never calls a charge the biller refused a success: it reads as failed and refunded', async () => {
    stubApi({
      [ORDER]: () => ({ body: makeOrderDetail({ status: 'REFUND_PENDING', txnReferenceId: null }) }),
    });
    renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText(REFUND_TEXT)).toBeTruthy();
    expect(screen.getByText('Refund in progress')).toBeTruthy();
  });

  it('agrees with the 2-day refund promise and names the deadline only as the outside limit', async () => {
    const refund: OrderRefund = {
      refundId: 'rfd_1',
      amount: 74_530,
      status: 'PENDING',
      reason: 'auto',
      note: null,
      createdAt: '2026-11-25T10:00:00.000Z',
      deadline: '2026-11-30T10:00:00.000Z',
    };
    stubApi({
      [ORDER]: () => ({
        body: makeOrderDetail({
          status: 'REFUND_PENDING',
          total: 74_530,
          txnReferenceId: null,
          refunds: [refund],
        }),
      }),
    });
    renderScreen(<PaymentFailure orderId="ord_1" />, { path: '/payment-failure' });
    expect(
      await screen.findByText(
        'Tata Power - Mumbai could not accept this payment. The refund of ₹745.30 to your original payment method has been started; banks usually credit it within 2 days, at the latest by 30 Nov 2026.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText(REFUND_TEXT)).toBeTruthy();
    expect(amountLine('Amount paid')).toBe('₹745.30');
  });

  it("calls a refunded payment's amount refunded, with the day, and no longer promises the refund", async () => {
    const money = { ...refundedMoney, state: 'refunded' as const, refundedPaise: 126_000 };
    stubApi({
      [ORDER]: () => ({ body: makeOrderDetail({ status: 'REFUNDED', txnReferenceId: null, money }) }),
    });
    // Where the biller's refusal left the customer: the success page the gateway returned them to.
    renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    expect(
      await screen.findByText('₹1,260.00 was refunded to your original payment method on 22 Nov 2026.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('Your money has been refunded.')).toBeTruthy();
    expect(screen.queryByText(REFUND_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue Shopping' })).toBeNull();
    expect(amountLine('Amount refunded')).toBe('₹1,260.00');
    expect(screen.queryByText('Amount paid')).toBeNull();
  });

  it('tells a merchant refund of part of a paid bill for what it is: the part, and the biller paid', async () => {
    const paid = {
      fromStatus: 'BILL_PENDING',
      toStatus: 'SUCCESS',
      source: 'bbps',
      at: '2026-11-20T10:00:00.000Z',
    } as const;
    const refund: OrderRefund = {
      refundId: 'rfd_1',
      amount: 1_000,
      status: 'PENDING',
      reason: 'merchant',
      note: 'Fee waived',
      createdAt: '2026-11-21T10:00:00.000Z',
      deadline: '2026-11-26T10:00:00.000Z',
    };
    const pending = makeOrderDetail({ status: 'REFUND_PENDING', events: [paid], refunds: [refund] });
    stubApi({ [ORDER]: () => ({ body: pending }) });
    const view = renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    expect(
      await screen.findByText(
        'Tata Power - Mumbai has received your payment of ₹1,260.00. A refund of ₹10.00 to your original payment method has been started and will reach you by 26 Nov 2026.',
      ),
    ).toBeTruthy();
    view.unmount();

    const done = {
      ...pending,
      status: 'REFUNDED' as const,
      refunds: [{ ...refund, status: 'COMPLETED' as const }],
      money: { ...refundedMoney, refundedPaise: 1_000 },
    };
    stubApi({ [ORDER]: () => ({ body: done }) });
    renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    expect(
      await screen.findByText(
        '₹10.00 of your payment of ₹1,260.00 was refunded to your original payment method on 22 Nov 2026.',
      ),
    ).toBeTruthy();
    // The bill was paid: a success, partly refunded, never 'Payment Failed' nor 'Refunded'.
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    expect(screen.getByText('Partly refunded')).toBeTruthy();
    expect(screen.queryByText('Refunded', { exact: true })).toBeNull();
    expect(amountLine('Amount paid')).toBe('₹1,260.00');
    expect(screen.queryByText('Amount refunded')).toBeNull();
  });
});

describe('payment failure page', () => {
  it('shows the Bharat Connect logo but no B-Assured mark: nothing was paid', async () => {
    stubApi({
      [ORDER]: () => ({ body: makeOrderDetail({ status: 'PAYMENT_FAILED', txnReferenceId: null }) }),
    });
    renderScreen(<PaymentFailure orderId="ord_1" />, { path: '/payment-failure' });
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Powered by Bharat Connect' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /B-Assured/ })).toBeNull();
  });

  it('says no money was taken where the gateway confirmed it, not that it will be refunded', async () => {
    const money = { ...refundedMoney, state: 'nothing-taken' as const, paidPaise: 0, refundedAt: null };
    stubApi({
      [ORDER]: () => ({
        body: makeOrderDetail({
          status: 'PAYMENT_FAILED',
          failureReason: 'The payment was declined or cancelled',
          txnReferenceId: null,
          money,
        }),
      }),
    });
    renderScreen(<PaymentFailure orderId="ord_1" />, { path: '/payment-failure' });
    expect(await screen.findByText('No money was taken from your account.')).toBeTruthy();
    expect(
      screen.getByText(
        'Your payment did not go through: The payment was declined or cancelled. No money was taken from your account.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(REFUND_TEXT)).toBeNull();
  });

  it("says 'Payment Failed', promises the refund and 'Try Again' goes home", async () => {
    stubApi({});
    renderScreen(<PaymentFailure />, { path: '/payment-failure' });
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText(REFUND_TEXT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it("shows the order's own state, e.g. a payment the bank has not confirmed yet", async () => {
    stubApi({
      [ORDER]: () => ({ body: makeOrderDetail({ status: 'PAYMENT_PENDING', txnReferenceId: null }) }),
    });
    renderScreen(<PaymentFailure orderId="ord_1" />, { path: '/payment-failure' });
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeTruthy();
    expect(screen.getByText(/Your bank has not confirmed this payment yet/)).toBeTruthy();
    expect(screen.queryByText(REFUND_TEXT)).toBeNull();
    expect(amountLine('Amount')).toBe('₹1,260.00');
    expect(screen.queryByText('Amount paid')).toBeNull();
  });

  it("does not call a declined card payment's amount paid", async () => {
    stubApi({
      [ORDER]: () => ({
        body: makeOrderDetail({
          status: 'PAYMENT_FAILED',
          txnReferenceId: null,
          failureReason: 'Card declined',
        }),
      }),
    });
    renderScreen(<PaymentFailure orderId="ord_1" />, { path: '/payment-failure' });
    expect(await screen.findByText('Your payment did not go through: Card declined.')).toBeTruthy();
    expect(amountLine('Amount')).toBe('₹1,260.00');
    expect(screen.queryByText('Amount paid')).toBeNull();
  });
});
