import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from './test-support.tsx';
import { TransactionQueryForm } from './transaction-query-form.tsx';

afterEach(() => vi.restoreAllMocks());

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('TransactionQueryForm', () => {
  it('keeps To Date from falling before From Date', () => {
    renderWithProviders(<TransactionQueryForm />);
    setDate('From Date', '2025-05-01');
    expect(screen.getByLabelText('To Date').getAttribute('min')).toBe('2025-05-01');
    setDate('To Date', '2025-05-03');
    setDate('From Date', '2025-05-02');
    expect((screen.getByLabelText('To Date') as HTMLInputElement).value).toBe('2025-05-03');
    setDate('From Date', '2025-05-10');
    expect((screen.getByLabelText('To Date') as HTMLInputElement).value).toBe('');
  });

  it('asks for the dates of a mobile search', async () => {
    const user = renderWithProviders(<TransactionQueryForm />);
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please choose the From Date')).toBeTruthy();
  });

  it('tells a visitor to log in for a mobile search', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ message: 'Please login to continue' }, { status: 401 }),
    );
    const user = renderWithProviders(<TransactionQueryForm />);
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    setDate('From Date', '2025-05-01');
    setDate('To Date', '2025-05-02');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/Please login to continue/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login?from=%2Fcomplaint');
  });

  it('searches by Transaction Reference ID and lists what it finds', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        transactions: [
          {
            txnReferenceId: 'CC0125AB12CD34EF5678',
            status: 'SUCCESS',
            txnDate: '2025-05-02T06:30:00.000Z',
            billerName: null,
            amountPaise: null,
          },
        ],
      }),
    );
    const user = renderWithProviders(<TransactionQueryForm />);
    await user.click(screen.getByLabelText('Transaction Reference ID'));
    await user.type(
      screen.getByRole('textbox', { name: /Transaction Reference ID/ }),
      'cc0125ab12cd34ef5678',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('CC0125AB12CD34EF5678')).toBeTruthy();
    expect(screen.getByText('Successful')).toBeTruthy();
    expect(screen.getByText(/shown only to the signed-in account/)).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      txnReferenceId: 'CC0125AB12CD34EF5678',
    });
  });

  it('says when nothing matches', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ transactions: [] }));
    const user = renderWithProviders(<TransactionQueryForm />);
    await user.click(screen.getByLabelText('Transaction Reference ID'));
    await user.type(
      screen.getByRole('textbox', { name: /Transaction Reference ID/ }),
      'CC0125AB12CD34EF0000',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No transactions found matching your criteria')).toBeTruthy();
  });
});
