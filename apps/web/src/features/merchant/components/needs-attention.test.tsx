import type { HeldOrder } from '@erti/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ToastHost from '../../../components/toast-host.tsx';
import { saveSession } from '../../../lib/session.ts';
import { MerchantDashboard } from './merchant-dashboard.tsx';

const HISTORY = '/api/phonepe/merchant/history';
const HELD = '/api/merchant/orders/needs-attention';
const RESOLVE = '/api/merchant/orders/ord_held/resolution';

const held: HeldOrder = {
  orderId: 'ord_held',
  merchantOrderId: 'EPheld0001',
  gateway: 'phonepe',
  billerName: 'Tamil Nadu Electricity',
  customer: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
  totalPaise: 126_000,
  createdAt: '2025-11-21T20:15:00.000Z',
  heldAt: '2025-11-21T20:16:00.000Z',
  unreadable: 'status (state)',
  gatewayCall: '/checkout/v2/order/EPheld0001/status',
  answer: JSON.stringify({ state: 'UNDER_REVIEW', amount: 126_000 }, null, 2),
};

type Call = { url: string; method: string; body: unknown };

/** Answers the dashboard's calls by path; the held list empties once the order is resolved. */
function stubApi() {
  const calls: Call[] = [];
  let resolved = false;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method: init.method ?? 'GET', body });
    const answers: Record<string, () => unknown> = {
      [HISTORY]: () => ({ transactions: [], total: 0, page: 1, pageSize: 10 }),
      [HELD]: () => ({ orders: resolved ? [] : [held] }),
      [RESOLVE]: () => {
        resolved = true;
        return { message: 'Refund of ₹1,260.00 for order EPheld0001 initiated.' };
      },
    };
    const answer = answers[url];
    if (!answer) throw new Error(`Unexpected call ${url}`);
    const text = JSON.stringify(answer());
    return { ok: true, status: 200, text: async () => text } as Response;
  });
  return calls;
}

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/merchant', element: <MerchantDashboard /> }], {
    initialEntries: ['/merchant'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => saveSession({ message: 'User Login success', Token: 'tok_merchant', UserId: 'usr_1' }));
afterEach(() => vi.unstubAllGlobals());

describe('the Needs attention tab', () => {
  it('lists each held order with what could not be read and the raw gateway answer', async () => {
    stubApi();
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Needs attention' }));
    const card = (await screen.findByRole('heading', { name: /EPheld0001/ })).closest('li') as HTMLElement;
    expect(within(card).getByText('Asha Rao · asha@example.com · 9876543210')).toBeTruthy();
    expect(within(card).getByText('Tamil Nadu Electricity')).toBeTruthy();
    expect(within(card).getByText('₹1,260.00')).toBeTruthy();
    expect(within(card).getByText(/the status \(state\) in the answer to/)).toBeTruthy();
    expect(card.querySelector('pre')?.textContent).toContain('"state": "UNDER_REVIEW"');
  });

  it('resolves one in an accessible dialog: an action, the payment id, the amount and a required reason', async () => {
    const calls = stubApi();
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Needs attention' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve order EPheld0001' }));
    const dialog = await screen.findByRole('dialog', { name: /Resolve order EPheld0001/ });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please choose what the gateway shows');

    await userEvent.click(within(dialog).getByRole('radio', { name: /Refund/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Gateway payment id' }), 'T2511211');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Amount the gateway shows/ }),
      '1,260.00',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please say why (what the gateway shows)');
    expect(calls.filter((call) => call.url === RESOLVE)).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Why/ }), 'PhonePe shows it captured');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Refund of ₹1,260.00 for order EPheld0001 initiated.')).toBeTruthy();
    expect(calls.filter((call) => call.url === RESOLVE)).toEqual([
      {
        url: RESOLVE,
        method: 'POST',
        body: {
          action: 'refund',
          note: 'PhonePe shows it captured',
          gatewayPaymentId: 'T2511211',
          amount: 126_000,
        },
      },
    ]);
    expect(await screen.findByText('Nothing needs attention.')).toBeTruthy();
  });
});
