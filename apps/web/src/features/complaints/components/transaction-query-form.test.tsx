import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../testing/render.tsx';
import { TransactionQueryForm } from './transaction-query-form.tsx';

afterEach(() => vi.restoreAllMocks());

const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('TransactionQueryForm', () => {
  it('keeps To Date from falling before From Date', () => {
    renderScreen(<TransactionQueryForm />);
    setDate('From Date', '2025-05-01');
    expect(screen.getByLabelText('To Date').getAttribute('min')).toBe('2025-05-01');
    setDate('To Date', '2025-05-03');
    setDate('From Date', '2025-05-02');
    expect((screen.getByLabelText('To Date') as HTMLInputElement).value).toBe('2025-05-03');
    setDate('From Date', '2025-05-10');
    expect((screen.getByLabelText('To Date') as HTMLInputElement).value).toBe('');
  });

  it('asks for the dates of a mobile search', async () => {
    const user = renderScreen(<TransactionQueryForm />);
    await user.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please choose the From Date')).toBeTruthy();
  });

  it('tells a visitor to log in for a mobile search', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ message: 'Please login to continue' }, { status: 401 }),
    );
    const user = renderScreen(<TransactionQueryForm />);
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
            convenienceFeePaise: null,
            totalPaise: null,
          },
        ],
      }),
    );
    const user = renderScreen(<TransactionQueryForm />);
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

  it("lists the caller's own payment with the bill amount, the convenience fee and the total, at its time in India", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        transactions: [
          {
            txnReferenceId: 'CC0125AB12CD34EF5678',
            status: 'SUCCESS',
            txnDate: '2025-11-21T20:15:00.000Z',
            billerName: 'Tata Power - Mumbai',
            amountPaise: 125_000,
            convenienceFeePaise: 1_000,
            totalPaise: 126_000,
          },
        ],
      }),
    );
    const user = renderScreen(<TransactionQueryForm />);
    await user.click(screen.getByLabelText('Transaction Reference ID'));
    await user.type(
      screen.getByRole('textbox', { name: /Transaction Reference ID/ }),
      'CC0125AB12CD34EF5678',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('CC0125AB12CD34EF5678');
    const [header, row] = screen.getAllByRole('row') as HTMLElement[];
    const texts = (cells: HTMLElement[]) => cells.map((cell) => cell.textContent);
    expect(texts(within(header as HTMLElement).getAllByRole('columnheader'))).toEqual([
      'B-Connect Txn ID',
      'Biller',
      'Bill amount',
      'Convenience fee',
      'Total',
      'Date',
      'Status',
    ]);
    expect(texts(within(row as HTMLElement).getAllByRole('cell'))).toEqual([
      'CC0125AB12CD34EF5678',
      'Tata Power - Mumbai',
      '₹1,250.00',
      '₹10.00',
      '₹1,260.00',
      '22 Nov 2025, 1:45 am IST',
      'Successful',
    ]);
  });

  it('says when nothing matches', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ transactions: [] }));
    const user = renderScreen(<TransactionQueryForm />);
    await user.click(screen.getByLabelText('Transaction Reference ID'));
    await user.type(
      screen.getByRole('textbox', { name: /Transaction Reference ID/ }),
      'CC0125AB12CD34EF0000',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No transactions found matching your criteria')).toBeTruthy();
  });
});
