import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrderSummary } from '../testing/fixtures.ts';
import { renderScreen, signIn, stubApi } from '../testing/render.tsx';
import { MyPayments } from './my-payments.tsx';

const ORDERS = 'GET /api/orders';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

const pageOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('my payments (/txn)', () => {
  it('lists each payment with its status in words, amount, B-Connect Txn ID and links', async () => {
    stubApi({
      [ORDERS]: () => ({
        body: {
          orders: [
            makeOrderSummary({ gateway: 'phonepe', merchantOrderId: 'EPphone1', orderId: 'ord_2' }),
            makeOrderSummary({ status: 'REFUND_PENDING', txnReferenceId: null }),
            makeOrderSummary({ status: 'BILL_PENDING', orderId: 'ord_3', txnReferenceId: null }),
          ],
          total: 3,
          page: 1,
          pageSize: 10,
        },
      }),
    });
    renderScreen(<MyPayments />, { path: '/txn' });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Successful')).toBeTruthy();
    expect(first.getByText('₹1,260.00')).toBeTruthy();
    expect(first.getByText('EP015326ABCDEF123456')).toBeTruthy();
    expect(first.getByText('Consumer Number: 900000000123')).toBeTruthy();
    expect(first.getByText('22 Nov 2025, 1:45 am IST')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe('/receipt/ord_2');
    expect(first.getByRole('link', { name: 'Status' }).getAttribute('href')).toBe('/phonepe/status/EPphone1');
    expect(within(rows[1] as HTMLElement).getByText('Refund in progress')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('link', { name: 'Status' })).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText('Paying biller')).toBeTruthy();
  });

  it('pages through 10 at a time and starts again at page 1 on a new page size', async () => {
    const api = stubApi({
      [ORDERS]: () => ({ body: { orders: [makeOrderSummary()], total: 23, page: 1, pageSize: 10 } }),
    });
    renderScreen(<MyPayments />, { path: '/txn' });
    await screen.findByText('1–10 of 23 · Page 1 of 3');
    expect(pageOf(api.calls[0]?.url ?? '')).toEqual({ page: '1', pageSize: '10' });
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('11–20 of 23 · Page 2 of 3');
    expect(pageOf(api.calls.at(-1)?.url ?? '')).toEqual({ page: '2', pageSize: '10' });

    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '5');
    await screen.findByText('1–5 of 23 · Page 1 of 5');
    expect(pageOf(api.calls.at(-1)?.url ?? '')).toEqual({ page: '1', pageSize: '5' });
    expect(
      [...screen.getByLabelText<HTMLSelectElement>('Rows per page').options].map((o) => o.value),
    ).toEqual(['5', '10', '20', '50']);
  });

  it('says so when there are no payments yet', async () => {
    stubApi({ [ORDERS]: () => ({ body: { orders: [], total: 0, page: 1, pageSize: 10 } }) });
    renderScreen(<MyPayments />, { path: '/txn' });
    expect(await screen.findByText('You have not made any payments yet.')).toBeTruthy();
  });

  it('asks a logged-out visitor to log in', () => {
    localStorage.clear();
    const api = stubApi({});
    renderScreen(<MyPayments />, { path: '/txn' });
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?from=%2Ftxn');
    expect(api.calls).toHaveLength(0);
  });
});
