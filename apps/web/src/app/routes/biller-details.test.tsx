import type { Biller, BillResponse } from '@erti/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMyBill, signIn } from '../../features/my-bills/testing/render.tsx';
import { clearSession } from '../../lib/session.ts';
import { Component as BillerDetailsScreen } from './biller-details.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function LoginProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="login">{`${pathname}${search}`}</p>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/billerdetails', element: <BillerDetailsScreen /> },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const biller: Biller = {
  billerId: 'BESCOM000KAR01',
  billerName: 'Bangalore Electricity Supply Company',
  billerCategoryName: 'Electricity',
  customerParams: [{ paramName: 'Account ID', optional: 'false', regex: '^[0-9]{10}$' }],
  planMdmRequirement: 'NOT_SUPPORTED',
  fetchRequirement: 'MANDATORY',
  supportBillValidation: 'NOT_SUPPORTED',
};

const fetched: BillResponse = {
  respCode: 1,
  response: {
    billFetchId: 'bft_1',
    billerResponse: {
      customerName: 'Asha Rao',
      amount: '1234.50',
      dueDate: '2026-12-05',
      billNumber: 'NOV2612345678',
      custConvFee: '5.00',
    },
  },
};

/** The entry, its biller and its bill fetched now: the three calls Pay now makes. */
function stubPayNow() {
  const calls: { key: string; body: unknown }[] = [];
  const answers: Record<string, unknown> = {
    'GET /api/my-bills/mbl_1': makeMyBill(),
    'POST /api/bbps/prod/billerid': biller,
    'POST /api/bbps/prod/bill/Electricity': fetched,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const answer = answers[key];
      if (!answer) throw new Error(`Unexpected call ${key}`);
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return calls;
}

describe('/billerdetails?myBill= (Pay now)', () => {
  it('sends a visitor to log in first, then back to the same link', () => {
    renderAt('/billerdetails?myBill=mbl_1');
    expect(screen.getByTestId('login').textContent).toBe('/login?from=%2Fbillerdetails%3FmyBill%3Dmbl_1');
  });

  it("fetches that entry's bill afresh and shows its confirmation", async () => {
    signIn();
    const calls = stubPayNow();
    renderAt('/billerdetails?myBill=mbl_1');
    expect(await screen.findByText('BILLER DETAILS')).toBeTruthy();
    expect(screen.getByDisplayValue('₹1,234.50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceed to Pay' })).toBeTruthy();
    const fetch = calls.find((call) => call.key === 'POST /api/bbps/prod/bill/Electricity');
    expect(fetch?.body).toMatchObject({
      billDetails: {
        billerId: 'BESCOM000KAR01',
        customerParams: [{ name: 'Account ID', value: '1234567890' }],
      },
    });
  });
});
