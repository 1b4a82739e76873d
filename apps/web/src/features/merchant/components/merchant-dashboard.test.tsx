import type { MerchantRefund, MerchantTransaction } from '@erti/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ToastHost from '../../../components/toast-host.tsx';
import { saveSession } from '../../../lib/session.ts';
import { MerchantDashboard } from './merchant-dashboard.tsx';

const HISTORY = '/api/phonepe/merchant/history';
const REFUNDS = '/api/phonepe/merchant/refunds';
const REFUND = '/api/phonepe/refund';

function makeTransaction(overrides: Partial<MerchantTransaction> = {}): MerchantTransaction {
  return {
    date: '2025-11-21T20:15:00.000Z',
    amount: 1260,
    billAmount: 1250,
    convenienceFee: 10,
    merchantOrderId: 'EPabc123',
    status: 'COMPLETED',
    paymentMode: 'UPI',
    orderId: 'ord_1',
    transactionId: 'T2511211',
    gateway: 'phonepe',
    billerName: 'Tamil Nadu Electricity',
    refundedAmount: 0,
    refundableAmount: 1260,
    ...overrides,
  };
}

function makeRefund(overrides: Partial<MerchantRefund> = {}): MerchantRefund {
  return {
    refundInitiatedAt: '2025-11-21T20:15:00.000Z',
    refundId: 'rfd_1',
    refundAmount: 1260,
    paymentMode: 'UPI',
    refundStatus: 'PENDING',
    merchantOrderId: 'EPabc123',
    refundNote: 'Paid twice',
    gateway: 'phonepe',
    requestedBy: 'owner@example.com',
    deadline: '2025-11-26T20:15:00.000Z',
    completedAt: null,
    ageDays: 2,
    late: false,
    compensationOwed: 0,
    ...overrides,
  };
}

type Answer = { status?: number; body: unknown };
type Call = { path: string; body: Record<string, unknown>; headers: Record<string, string> };

/** Answers the dashboard's POST calls from `handlers` by path, recording each call. */
function stubApi(handlers: Record<string, (body: Record<string, unknown>) => Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body ?? '{}'));
    calls.push({ path: url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[url];
    if (!handler) throw new Error(`Unexpected call ${url}`);
    const answer = handler(body);
    const text = JSON.stringify(answer.body);
    const status = answer.status ?? 200;
    return { ok: status < 300, status, text: async () => text } as Response;
  });
  return { calls, to: (path: string) => calls.filter((call) => call.path === path) };
}

const page = (key: 'transactions' | 'refunds', rows: unknown[], total = rows.length) => ({
  body: { [key]: rows, total, page: 1, pageSize: 10 },
});

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderDashboard() {
  const router = createMemoryRouter(
    [
      { path: '/merchant', element: <MerchantDashboard /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: ['/merchant'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

const signIn = () => saveSession({ message: 'User Login success', Token: 'tok_merchant', UserId: 'usr_1' });

afterEach(() => vi.unstubAllGlobals());

describe('who may open the merchant dashboard', () => {
  it('sends a logged-out visitor to the login page, to come back afterwards, without asking the api', async () => {
    const api = stubApi({});
    renderDashboard();
    expect((await screen.findByTestId('location')).textContent).toBe('/login?from=%2Fmerchant');
    expect(api.calls).toEqual([]);
  });

  it('tells a signed-in user without the merchant role that they are not allowed', async () => {
    signIn();
    stubApi({
      [HISTORY]: () => ({
        status: 403,
        body: { message: 'You are not allowed to open the merchant dashboard' },
      }),
    });
    renderDashboard();
    expect(
      await screen.findByRole('heading', { name: 'You are not allowed to open the merchant dashboard' }),
    ).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});

describe('transactions', () => {
  beforeEach(signIn);

  it('lists transactions with status, gateway and amount, and asks for page 1 of 10', async () => {
    const api = stubApi({
      [HISTORY]: () =>
        page(
          'transactions',
          [makeTransaction(), makeTransaction({ orderId: 'ord_2', status: 'REFUND_PENDING' })],
          12,
        ),
    });
    renderDashboard();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('EPabc123')).toBeTruthy();
    expect(first.getByText('COMPLETED').className).toContain('green');
    expect(first.getByText('₹1,260.00')).toBeTruthy();
    expect(first.getByText('22 Nov 2025, 1:45 am IST')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('REFUND_PENDING')).toBeTruthy();
    expect(api.to(HISTORY)[0]?.body).toEqual({ page: 1, pageSize: 10 });
    expect(screen.getByRole('tab', { name: 'Transactions' }).getAttribute('aria-selected')).toBe('true');
  });

  it('names both parts of the total in the transaction details, with the time in India', async () => {
    const user = userEvent.setup();
    stubApi({ [HISTORY]: () => page('transactions', [makeTransaction()]) });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'View EPabc123' }));
    const details = within(screen.getByRole('dialog', { name: 'Transaction details' }));
    const value = (label: string) => details.getByText(label).nextElementSibling?.textContent;
    expect(value('Bill amount')).toBe('₹1,250.00');
    expect(value('Convenience fee')).toBe('₹10.00');
    expect(value('Total')).toBe('₹1,260.00');
    expect(value('Date')).toBe('22 Nov 2025, 1:45 am IST');
  });

  it('scrolls the table sideways in its own named, focusable region, never the page', async () => {
    stubApi({ [HISTORY]: () => page('transactions', [makeTransaction()], 1) });
    renderDashboard();
    const table = await screen.findByRole('table');
    const region = screen.getByRole('region', { name: 'Transactions, newest first' });
    expect(region.contains(table)).toBe(true);
    expect(region.className).toContain('overflow-x-auto');
    // The containing block of the sr-only caption and header text, so they cannot widen the page.
    expect(region.className).toContain('relative');
    expect(region.tabIndex).toBe(0);
  });

  it('searches by order id and filters by status, each time from page 1', async () => {
    const user = userEvent.setup();
    const api = stubApi({ [HISTORY]: () => page('transactions', [makeTransaction()], 30) });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(api.to(HISTORY).at(-1)?.body).toMatchObject({ page: 2 });

    await user.type(screen.getByLabelText('Search by order ID'), ' EPabc{Enter}');
    expect(api.to(HISTORY).at(-1)?.body).toEqual({ page: 1, pageSize: 10, search: 'EPabc' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'FAILED');
    expect(api.to(HISTORY).at(-1)?.body).toEqual({
      page: 1,
      pageSize: 10,
      search: 'EPabc',
      status: 'FAILED',
    });

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(api.to(HISTORY).at(-1)?.body).toMatchObject({ page: 1, pageSize: 50 });
  });

  it("says 'No transactions found matching your criteria' when nothing matches", async () => {
    stubApi({ [HISTORY]: () => page('transactions', []) });
    renderDashboard();
    expect(await screen.findByText('No transactions found matching your criteria')).toBeTruthy();
  });

  it('offers no refund for a transaction that is not completed', async () => {
    const user = userEvent.setup();
    stubApi({
      [HISTORY]: () => page('transactions', [makeTransaction({ status: 'FAILED', refundableAmount: 0 })]),
    });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'View EPabc123' }));
    const dialog = screen.getByRole('dialog', { name: 'Transaction details' });
    expect(within(dialog).getByText('Only completed transactions can be refunded.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Initiate Refund' })).toBeNull();
  });
});

describe('refunding a transaction', () => {
  beforeEach(signIn);

  async function openConfirm(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'View EPabc123' }));
    const details = screen.getByRole('dialog', { name: 'Transaction details' });
    await user.click(within(details).getByRole('button', { name: 'Initiate Refund' }));
    const remark = within(details).getByLabelText('Refund remark');
    expect(remark.getAttribute('aria-invalid')).toBe('true');
    const errorId = remark
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe('Please enter a remark');
    expect(screen.queryByRole('dialog', { name: 'Confirm refund' })).toBeNull();

    await user.type(remark, 'Customer paid twice');
    await user.click(within(details).getByRole('button', { name: 'Initiate Refund' }));
    return screen.getByRole('dialog', { name: 'Confirm refund' });
  }

  it('asks for a remark, confirms, refunds, shows the message and opens the reloaded refunds list', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [HISTORY]: () => page('transactions', [makeTransaction()]),
      [REFUND]: () => ({ body: { message: 'Refund of ₹1,260.00 for order EPabc123 initiated.' } }),
      [REFUNDS]: () =>
        page('refunds', [
          makeRefund(),
          makeRefund({ refundId: 'rfd_2', refundStatus: 'FAILED', late: true, ageDays: 7 }),
        ]),
    });
    renderDashboard();
    const confirm = await openConfirm(user);
    expect(within(confirm).getByText('₹1,260.00')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm Refund' }));

    expect(await screen.findByText('Refund of ₹1,260.00 for order EPabc123 initiated.')).toBeTruthy();
    const [call] = api.to(REFUND);
    expect(call?.body).toEqual({ merchantOrderId: 'EPabc123', refundNote: 'Customer paid twice' });
    expect(call?.headers['Idempotency-Key']).toMatch(/^rfq-[0-9a-f]{32}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Refunds' }).getAttribute('aria-selected')).toBe('true');

    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(api.to(REFUNDS)[0]?.body).toEqual({ page: 1, pageSize: 10 });
    const pending = within(rows[0] as HTMLElement);
    expect(pending.getByText('PENDING')).toBeTruthy();
    expect(pending.getByText('T+2 of T+5').className).not.toContain('red');
    expect(pending.queryByText('Late')).toBeNull();
    expect(pending.getByText('Paid twice')).toBeTruthy();
    expect(pending.getByText('owner@example.com')).toBeTruthy();
    const failed = within(rows[1] as HTMLElement);
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(failed.getByText('Failed on T+7').className).toContain('red');
  });

  it("says 'Failed to refund transaction' with the reason, and retries with the same key", async () => {
    const user = userEvent.setup();
    let answers = 0;
    const api = stubApi({
      [HISTORY]: () => page('transactions', [makeTransaction()]),
      [REFUND]: () => {
        answers += 1;
        return answers === 1
          ? { status: 502, body: { message: 'The gateway could not refund order EPabc123.' } }
          : { body: { message: 'Refund of ₹1,260.00 for order EPabc123 completed.' } };
      },
      [REFUNDS]: () => page('refunds', []),
    });
    renderDashboard();
    const confirm = await openConfirm(user);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm Refund' }));
    expect(await screen.findByText('Failed to refund transaction')).toBeTruthy();
    expect(within(confirm).getByRole('alert').textContent).toContain(
      'The gateway could not refund order EPabc123.',
    );

    await user.click(within(confirm).getByRole('button', { name: 'Confirm Refund' }));
    expect(await screen.findByText('No refunds found')).toBeTruthy();
    const [first, second] = api.to(REFUND);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });
});

describe('refunds against their deadline', () => {
  beforeEach(signIn);

  it('shows a late refund as Late with the compensation owed beside it, and one without any owed as Late only', async () => {
    const user = userEvent.setup();
    stubApi({
      [HISTORY]: () => page('transactions', []),
      [REFUNDS]: () =>
        page('refunds', [
          makeRefund({
            refundId: 'rfd_auto',
            late: true,
            ageDays: 8,
            compensationOwed: 300,
            requestedBy: 'System',
          }),
          makeRefund({ refundId: 'rfd_merchant', late: true, ageDays: 6 }),
        ]),
    });
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Refunds' }));
    await screen.findByText('rfd_auto');
    const [, automatic, byMerchant] = screen.getAllByRole('row') as HTMLElement[];
    expect(within(automatic as HTMLElement).getByText('T+8 of T+5').className).toContain('red');
    expect(within(automatic as HTMLElement).getByText('Late')).toBeTruthy();
    expect(within(automatic as HTMLElement).getByText('Compensation owed ₹300.00')).toBeTruthy();
    expect(within(byMerchant as HTMLElement).getByText('Late')).toBeTruthy();
    expect(within(byMerchant as HTMLElement).queryByText(/Compensation owed/)).toBeNull();
  });
});
