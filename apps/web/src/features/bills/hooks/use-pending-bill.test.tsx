import type { Biller } from '@erti/contracts';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPendingBill, savePendingBill } from '../pending-bill.ts';
import { usePendingBill } from './use-pending-bill.ts';

const biller = { billerCategoryName: 'Electricity', billerName: 'Adani Power' } as Biller;

function Amount() {
  const pending = usePendingBill('Electricity', 'Adani Power');
  return <p>{pending ? `kept ${pending.amount}` : 'none kept'}</p>;
}

afterEach(() => {
  clearPendingBill();
  vi.restoreAllMocks();
});

describe('the bill kept across a login', () => {
  it('is there on the first render of a page drawn in the browser', () => {
    savePendingBill({ biller, values: {}, amount: '450' });
    render(<Amount />);
    expect(screen.getByText('kept 450')).toBeTruthy();
  });

  it('comes just after hydration on a prerendered page, which was drawn without it (decision 097)', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Amount />);
    document.body.append(container);
    savePendingBill({ biller, values: {}, amount: '450' });
    await act(async () => {
      render(<Amount />, { container, hydrate: true });
    });
    expect(screen.getByText('kept 450')).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
  });
});
