import type { Autopay, MyBill } from '@erti/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import ToastHost from '../../../components/toast-host.tsx';
import { saveSession } from '../../../lib/session.ts';

/** Renders a My Bills screen part with a fresh query client, router (at `path`) and the app's toasts. */
export function renderWithClient(ui: ReactElement, path = '/my-bills') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
}

export function signIn(): void {
  saveSession(
    { message: 'User Login success', Token: 'tok_test', UserId: 'usr_1' },
    { userName: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', _id: 'usr_1' },
  );
}

type Answer = { status?: number; body: unknown };

/** Answers 'METHOD /api/path' calls from `handlers`, recording each; an unexpected one fails loudly. */
export function stubApi(handlers: Record<string, (body: unknown) => Answer>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body });
      const handler = handlers[key];
      if (!handler) throw new Error(`Unexpected call ${key}`);
      const answer = handler(body);
      const text = JSON.stringify(answer.body);
      const status = answer.status ?? 200;
      return { ok: status < 300, status, text: async () => text } as Response;
    }),
  );
  return calls;
}

export function makeMyBill(overrides: Partial<MyBill> = {}): MyBill {
  return {
    id: 'mbl_1',
    billerId: 'BESCOM000KAR01',
    billerName: 'Bangalore Electricity Supply Company',
    billerCategoryName: 'Electricity',
    nickname: 'Home',
    customerParams: [{ name: 'Account ID', value: '1234567890' }],
    remindersOn: true,
    state: 'due',
    autopay: null,
    bill: {
      billNumber: 'NOV2612345678',
      customerName: 'Asha Rao',
      amount: '1234.50',
      convenienceFee: '5.00',
      dueDate: '2026-12-05',
    },
    lastCheckedAt: '2026-11-27T03:30:00.000Z',
    ...overrides,
  };
}

/** AutoPay on through PhonePe, its debit of the bill of `makeMyBill` noticed (scheduled). */
export function makeAutopay(overrides: Partial<Autopay> = {}): Autopay {
  return {
    state: 'on',
    gateway: 'phonepe',
    cap: '3000.00',
    daysBefore: 2,
    debit: {
      billNumber: 'NOV2612345678',
      amount: '1234.50',
      debitAt: '2026-12-03T04:30:00.000Z',
      state: 'scheduled',
      orderId: null,
      outcome: null,
      decidedAt: null,
    },
    ...overrides,
  };
}
