import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderDetail } from '../testing/orders.ts';
import { mockApi, renderScreen, signIn } from '../testing/render-screen.tsx';
import { PaymentFailure, PaymentSuccess } from './payment-outcome.tsx';

const ORDER = 'GET /api/orders/ord_1';
const REFUND_TEXT = 'The amount will be refunded within 2 days.';

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('payment success page', () => {
  it("says 'Payment Successful' and 'Continue Shopping' goes home on a desktop", async () => {
    mockApi({});
    renderScreen(<PaymentSuccess />, { path: '/payment-success' });
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it('on a phone tries the app first and falls back to the web site after 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile');
    const location = { href: 'http://site.test/payment-success' };
    vi.stubGlobal('location', location);
    mockApi({});
    renderScreen(<PaymentSuccess />, { path: '/payment-success' });
    act(() => screen.getByRole('button', { name: 'Continue Shopping' }).click());
    expect(location.href).toBe('ertipay://home');
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.queryByTestId('location')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('follows the order: the B-Connect Txn ID once the biller confirms', async () => {
    mockApi({ [ORDER]: () => ({ body: orderDetail() }) });
    renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    expect(await screen.findByText('EP015326ABCDEF123456')).toBeTruthy();
    expect(screen.getByText('Tata Power - Mumbai has received your payment of ₹1,260.00.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe('/receipt/ord_1');
  });

  it('never calls a charge the biller refused a success: it reads as failed and refunded', async () => {
    mockApi({ [ORDER]: () => ({ body: orderDetail({ status: 'REFUND_PENDING', txnReferenceId: null }) }) });
    renderScreen(<PaymentSuccess orderId="ord_1" />, { path: '/payment-success' });
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText(REFUND_TEXT)).toBeTruthy();
    expect(screen.getByText('Refund in progress')).toBeTruthy();
  });
});

describe('payment failure page', () => {
  it("says 'Payment Failed', promises the refund and 'Try Again' goes home", async () => {
    mockApi({});
    renderScreen(<PaymentFailure />, { path: '/payment-failure' });
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText(REFUND_TEXT)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });

  it("shows the order's own state, e.g. a payment the bank has not confirmed yet", async () => {
    mockApi({ [ORDER]: () => ({ body: orderDetail({ status: 'PAYMENT_PENDING', txnReferenceId: null }) }) });
    renderScreen(<PaymentFailure orderId="ord_1" />, { path: '/payment-failure' });
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeTruthy();
    expect(screen.getByText(/Your bank has not confirmed this payment yet/)).toBeTruthy();
    expect(screen.queryByText(REFUND_TEXT)).toBeNull();
  });
});
