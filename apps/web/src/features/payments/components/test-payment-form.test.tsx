import { SHORT_TOAST_MS } from '@erti/contracts/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { pressLoginInPopup } from '../../../test/login-popup.ts';
import { renderScreen, stubApi } from '../testing/render.tsx';
import { TestPaymentForm } from './test-payment-form.tsx';

const CREATE_ORDER = 'POST /api/bbps/pg/create-order';

const razorpayOrder = {
  id: 'order_Q1',
  amount: 12_550,
  currency: 'INR',
  receipt: 'rcpt_abcdefgh',
  keyId: 'rzp_test_key',
  checkoutUrl: 'http://sandbox.test/razorpay/v1/checkout/embedded',
  callbackUrl: 'http://site.test/api/razorpay/callback',
  cancelUrl: 'http://site.test/payment-failure',
  orderId: 'ord_1',
};

let submit: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  // Signed in, without stored user data: the form starts empty.
  saveSession({ message: 'User Login success', Token: 'tok_test', UserId: 'usr_1' });
});
afterEach(() => {
  submit.mockRestore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const form of document.querySelectorAll('form[hidden]')) form.remove();
});

async function fill(amount: string, email = 'asha@example.com', contact = '98765 43210') {
  const user = userEvent.setup();
  if (amount) await user.type(screen.getByLabelText('Amount (₹)'), amount);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (contact) await user.type(screen.getByLabelText('Contact'), contact);
  return user;
}

const payNow = () => screen.getByRole('button', { name: 'Pay Now' });

describe('test payment page', () => {
  it('keeps Pay Now disabled until amount, email and contact are all filled', async () => {
    stubApi({});
    renderScreen(<TestPaymentForm />, { path: '/bbps' });
    expect(payNow()).toHaveProperty('disabled', true);
    const user = await fill('125.50', 'asha@example.com', '');
    expect(payNow()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Contact'), 'ab98');
    expect(screen.getByLabelText('Contact')).toHaveProperty('value', '98');
    expect(payNow()).toHaveProperty('disabled', false);
    await user.clear(screen.getByLabelText('Amount (₹)'));
    expect(payNow()).toHaveProperty('disabled', true);
  });

  it('keeps the ten digits of a pasted number with its country code', async () => {
    stubApi({});
    renderScreen(<TestPaymentForm />, { path: '/bbps' });
    const user = await fill('125.50', 'asha@example.com', '');
    await user.click(screen.getByLabelText('Contact'));
    await user.paste('+91 98765 43210');
    expect(screen.getByLabelText('Contact')).toHaveProperty('value', '9876543210');
  });

  it('creates the order in paise and posts the hosted checkout form', async () => {
    const api = stubApi({ [CREATE_ORDER]: () => ({ body: razorpayOrder }) });
    renderScreen(<TestPaymentForm />, { path: '/bbps' });
    const user = await fill('125.50');
    await user.click(payNow());

    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
    const [call] = api.callsTo(CREATE_ORDER);
    expect(call?.headers.authorization).toBe('Bearer tok_test');
    expect(call?.body).toMatchObject({
      amount: 12_550,
      currency: 'INR',
      notes: { email: 'asha@example.com', contact: '9876543210' },
    });
    expect((call?.body as { receipt?: string } | undefined)?.receipt).toMatch(/^[A-Za-z0-9_-]{8,15}$/);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe(razorpayOrder.checkoutUrl);
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toMatchObject({
      key_id: 'rzp_test_key',
      amount: '12550',
      order_id: 'order_Q1',
      name: 'Erti Pay',
      'prefill[email]': 'asha@example.com',
      'prefill[contact]': '9876543210',
      callback_url: razorpayOrder.callbackUrl,
      cancel_url: razorpayOrder.cancelUrl,
    });
  });

  it.each([
    [503, 'Service unavailable', 'Failed to create order. Please try again.'],
    [
      400,
      'Amount must be at most ₹1,00,000',
      'Payment initialization failed: Amount must be at most ₹1,00,000',
    ],
  ])('on a %i answer shows %j for 3 s', async (status, message, line) => {
    const shown = vi.spyOn(toast, 'error');
    stubApi({ [CREATE_ORDER]: () => ({ status, body: { message } }) });
    renderScreen(<TestPaymentForm />, { path: '/bbps' });
    const user = await fill('100');
    await user.click(payNow());
    expect(await screen.findByText(line)).toBeTruthy();
    expect(shown).toHaveBeenCalledWith(line, { autoClose: SHORT_TOAST_MS });
    expect(submit).not.toHaveBeenCalled();
  });

  it('explains a bad amount next to the field and calls nothing', async () => {
    const api = stubApi({});
    renderScreen(<TestPaymentForm />, { path: '/bbps' });
    const user = await fill('0.5');
    await user.click(payNow());
    const amount = screen.getByLabelText('Amount (₹)');
    await vi.waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toContain('₹1 to ₹1,00,000');
    expect(api.calls).toHaveLength(0);
  });

  it('asks a logged-out visitor to log in, keeping the way back to /bbps', async () => {
    localStorage.clear();
    const api = stubApi({});
    renderScreen(<TestPaymentForm />, { path: '/bbps' });
    const user = await fill('100');
    await user.click(payNow());
    expect((await screen.findByRole('alert')).textContent).toBe('Please login to continue');
    await pressLoginInPopup(user);
    expect(screen.getByTestId('location').textContent).toBe('/login?from=%2Fbbps');
    expect(api.calls).toHaveLength(0);
  });
});
