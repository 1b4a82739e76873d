import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session.ts';
import { makeMyBill, renderWithClient, signIn, stubApi } from '../testing/render.tsx';
import { MyBillsPage } from './my-bills-page.tsx';

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const LIST = 'GET /api/my-bills';

describe('My Bills page', () => {
  it('lists each bill with its latest bill and its state in words', async () => {
    stubApi({
      [LIST]: () => ({
        body: [
          makeMyBill(),
          makeMyBill({ id: 'mbl_2', nickname: 'Shop', state: 'overdue' }),
          makeMyBill({ id: 'mbl_3', nickname: 'Mother', state: 'paid' }),
          makeMyBill({ id: 'mbl_4', nickname: 'Office', state: 'due-soon' }),
          makeMyBill({ id: 'mbl_5', nickname: 'Farm', state: 'no-bill', bill: null }),
        ],
      }),
    });
    renderWithClient(<MyBillsPage />);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(5);
    const home = within(cards[0] as HTMLElement);
    expect(home.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(home.getByText('Due')).toBeTruthy();
    expect(home.getByText('₹1,234.50 + ₹5.00 fee')).toBeTruthy();
    expect(home.getByText('5 Dec 2026')).toBeTruthy();
    expect(home.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/billerdetails?myBill=mbl_1',
    );
    expect(within(cards[1] as HTMLElement).getByText('Overdue')).toBeTruthy();
    const paid = within(cards[2] as HTMLElement);
    expect(paid.getByText('Paid')).toBeTruthy();
    expect(paid.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(within(cards[3] as HTMLElement).getByText('Due soon')).toBeTruthy();
    const farm = within(cards[4] as HTMLElement);
    expect(farm.getByText('No bill')).toBeTruthy();
    expect(farm.getByText('No bill is due right now.')).toBeTruthy();
    expect(farm.queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(home.getByText('AutoPay: Off')).toBeTruthy();
  });

  it('says how to add a bill when there is none', async () => {
    stubApi({ [LIST]: () => ({ body: [] }) });
    renderWithClient(<MyBillsPage />);
    expect(await screen.findByRole('heading', { name: 'No bills yet' })).toBeTruthy();
    expect(screen.getByText(/choose “Add to My Bills” on the bill/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to services' }).getAttribute('href')).toBe('/services');
  });

  it('turns reminders off and on, and removes a bill', async () => {
    const calls = stubApi({
      [LIST]: () => ({ body: [makeMyBill()] }),
      'PATCH /api/my-bills/mbl_1': (body) => ({ body: makeMyBill(body as { remindersOn: boolean }) }),
      'DELETE /api/my-bills/mbl_1': () => ({ body: { message: 'Removed from My Bills' } }),
    });
    renderWithClient(<MyBillsPage />);
    const toggle = await screen.findByRole('switch', { name: 'Remind me: On' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    const off = await screen.findByRole('switch', { name: 'Remind me: Off' });
    expect(off.getAttribute('aria-checked')).toBe('false');
    expect(calls.find((call) => call.key.startsWith('PATCH'))?.body).toEqual({ remindersOn: false });

    // Remove asks first: keeping the bill calls nothing.
    const remove = screen.getByRole('button', { name: 'Remove Home from My Bills' });
    await userEvent.click(remove);
    const asked = await screen.findByRole('dialog', { name: 'Remove Home from My Bills?' });
    await userEvent.click(within(asked).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.map((call) => call.key)).not.toContain('DELETE /api/my-bills/mbl_1');
    await userEvent.click(remove);
    const again = await screen.findByRole('dialog', { name: 'Remove Home from My Bills?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: 'No bills yet' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(calls.map((call) => call.key)).toContain('DELETE /api/my-bills/mbl_1');
  });

  it("says the api's reason when a bill cannot be removed (AutoPay is on), and keeps it", async () => {
    stubApi({
      [LIST]: () => ({ body: [makeMyBill()] }),
      'DELETE /api/my-bills/mbl_1': () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'CONFLICT',
          message: 'Please cancel AutoPay for this bill before removing it',
          messageKey: 'myBills.cancelAutopayFirst',
        },
      }),
    });
    renderWithClient(<MyBillsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Home from My Bills' }));
    const asked = await screen.findByRole('dialog', { name: 'Remove Home from My Bills?' });
    await userEvent.click(within(asked).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Please cancel AutoPay for this bill before removing it')).toBeTruthy();
    expect(screen.queryByText('Could not remove this bill. Please try again.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Home' })).toBeTruthy();
  });

  it('asks a visitor to log in first', () => {
    clearSession();
    renderWithClient(<MyBillsPage />);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?from=%2Fmy-bills');
  });
});
