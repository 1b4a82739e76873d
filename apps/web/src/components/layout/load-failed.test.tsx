import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from './load-failed.tsx';

/** A screen as the features write it: its data, else its failure with a retry. */
function Bills({ load }: { load: () => Promise<string> }) {
  const bills = useQuery({ queryKey: ['bills'], queryFn: load, retry: false });
  if (bills.isError) {
    return (
      <LoadFailed onRetry={() => void bills.refetch()} retrying={bills.isFetching}>
        Could not load your bills.
      </LoadFailed>
    );
  }
  return <p>{bills.data ?? 'Loading'}</p>;
}

function renderBills(load: () => Promise<string>) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <Bills load={load} />
    </QueryClientProvider>,
  );
}

describe('LoadFailed', () => {
  it('says what did not load, with a retry that asks again, and then the screen', async () => {
    let answer: (bills: string) => void = () => {};
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderBills(load);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your bills.');
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry.getAttribute('aria-busy')).toBe('false');

    await userEvent.setup().click(retry);
    expect(load).toHaveBeenCalledTimes(2);
    // A query with no data goes back to pending: the screen shows its own progress meanwhile.
    expect(screen.getByText('Loading')).toBeTruthy();
    answer('Electricity ₹120');
    expect(await screen.findByText('Electricity ₹120')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays on offer when the retry fails too', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('offline'));
    renderBills(load);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await vi.waitFor(() => expect(retry.getAttribute('aria-busy')).toBe('false'));
    expect((retry as HTMLButtonElement).disabled).toBe(false);
  });

  it('is busy while a query that had data asks again', () => {
    render(
      <LoadFailed onRetry={() => {}} retrying>
        We could not load your transactions.
      </LoadFailed>,
    );
    const retry = screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement;
    expect(retry.getAttribute('aria-busy')).toBe('true');
    expect(retry.disabled).toBe(true);
  });

  it('is a quiet note under a field when asked', () => {
    render(
      <LoadFailed look="note" onRetry={() => {}}>
        We could not load the plans.
      </LoadFailed>,
    );
    expect(screen.getByRole('alert').className).toContain('text-sm');
  });
});
