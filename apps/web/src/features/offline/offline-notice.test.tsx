import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from './offline-notice.tsx';

/** The browser losing or finding its network: `navigator.onLine` and the event it fires. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the offline notice', () => {
  it('says in plain words what waits for the network while the browser has none', () => {
    render(<OfflineNotice reachServer={async () => false} />);
    expect(screen.queryByText('You are offline.')).toBeNull();
    goOnline(false);
    expect(screen.getByText('You are offline.')).toBeTruthy();
    expect(screen.getByText(/Receipts you have opened on this phone still open from/)).toBeTruthy();
    goOnline(true);
    expect(screen.queryByText('You are offline.')).toBeNull();
  });

  it('tries again: says so when the server still cannot be reached', async () => {
    const reachServer = vi.fn(async () => false);
    render(<OfflineNotice reachServer={reachServer} />);
    goOnline(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Still no connection. Please try again in a moment.')).toBeTruthy();
    expect(reachServer).toHaveBeenCalledTimes(1);
  });

  it('tries again: when the server answers, the notice goes and the page hears the network is back', async () => {
    const heard = vi.fn();
    window.addEventListener('online', heard);
    render(<OfflineNotice reachServer={async () => true} />);
    goOnline(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByText('You are offline.')).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener('online', heard);
  });
});
