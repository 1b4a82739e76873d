import type { OutsideSystemState } from '@erti/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doubtBillNetwork } from '../../lib/bill-network-status.ts';
import { BillNetworkNotice, CHECK_EVERY_MS, CHECK_WHILE_DOWN_MS } from './bill-network-notice.tsx';

const TITLE = 'Bill payments are slow to reach the Bharat Connect network right now.';

/** The api's status answers, in turn: the last one repeats. */
function statusSaying(...states: OutsideSystemState[]) {
  return vi.fn(async () => (states.length > 1 ? states.shift() : states[0]) as OutsideSystemState);
}

/** Lets the pending status answer arrive and the notice draw it. */
const settle = () => act(async () => undefined);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the bill network notice', () => {
  it('draws nothing while the network answers, or before the api has said', async () => {
    const read = statusSaying('up');
    const { container } = render(<BillNetworkNotice read={read} />);
    expect(container.textContent).toBe('');
    await settle();
    expect(read).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('');
  });

  it('says so while the network is down, and goes once the api says it is back', async () => {
    vi.useFakeTimers();
    const read = statusSaying('down', 'down', 'up');
    render(<BillNetworkNotice read={read} />);
    await settle();
    expect(screen.getByText(TITLE)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CHECK_WHILE_DOWN_MS));
    expect(screen.getByText(TITLE)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(CHECK_WHILE_DOWN_MS));
    expect(screen.queryByText(TITLE)).toBeNull();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('asks once a minute while up, and at once when a bill fetch fails', async () => {
    vi.useFakeTimers();
    const read = statusSaying('up', 'down');
    render(<BillNetworkNotice read={read} />);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(CHECK_WHILE_DOWN_MS));
    expect(read).toHaveBeenCalledTimes(1);
    act(() => doubtBillNetwork());
    await settle();
    expect(read).toHaveBeenCalledTimes(2);
    expect(screen.getByText(TITLE)).toBeTruthy();
    // One timer after the doubt, not the first check's and the doubt's both.
    await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    expect(read.mock.calls.length).toBeLessThanOrEqual(2 + CHECK_EVERY_MS / CHECK_WHILE_DOWN_MS);
  });

  it('keeps what it knew when the api cannot be asked (offline has its own notice)', async () => {
    vi.useFakeTimers();
    const read = vi
      .fn<() => Promise<OutsideSystemState>>()
      .mockResolvedValueOnce('down')
      .mockRejectedValue(new Error('offline'));
    render(<BillNetworkNotice read={read} />);
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(CHECK_WHILE_DOWN_MS));
    expect(read).toHaveBeenCalledTimes(2);
    expect(screen.getByText(TITLE)).toBeTruthy();
  });
});
