import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** The browser losing or finding its network: `navigator.onLine` and the event it fires. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => vi.restoreAllMocks());

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

  it('offline, says what is missing without a retry of its own: the offline notice has the one', () => {
    goOnline(false);
    render(
      <>
        <LoadFailed onRetry={() => {}}>We could not load your saved bills.</LoadFailed>
        <LoadFailed onRetry={() => {}}>We could not load the billers just now.</LoadFailed>
      </>,
    );
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'We could not load your saved bills.',
      'We could not load the billers just now.',
    ]);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('asks again by itself when the network is back, and offers its retry again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('Electricity ₹120');
    goOnline(false);
    renderBills(load);
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    goOnline(true);
    expect(await screen.findByText('Electricity ₹120')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is back with its retry when the network is back but the read fails again', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('503'));
    goOnline(false);
    renderBills(load);
    await screen.findByRole('alert');
    goOnline(true);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await vi.waitFor(() => expect(retry.getAttribute('aria-busy')).toBe('false'));
  });

  it('does not ask twice when the network comes back during its own retry', () => {
    const onRetry = vi.fn();
    render(
      <LoadFailed onRetry={onRetry} retrying>
        We could not load your transactions.
      </LoadFailed>,
    );
    goOnline(true);
    expect(onRetry).not.toHaveBeenCalled();
  });
});
