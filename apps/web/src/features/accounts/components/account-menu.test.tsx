import { SESSION_STORAGE_KEY } from '@erti/contracts/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_RECEIPTS_CACHE } from '../../../lib/saved-receipts-cache.ts';
import { saveSession } from '../../../lib/session.ts';
import { stubCacheStorage } from '../../../test/cache-storage.ts';
import { renderScreen, stubApi } from '../testing/render.tsx';
import { AccountMenu } from './account-menu.tsx';

const pic = 'data:image/jpeg;base64,/9j/4AAQ';
const signIn = () => saveSession({ message: 'User Login success', Token: 'tok', UserId: 'usr_1' });
const profileAnswer =
  (status = 200, role = 'user') =>
  () => ({
    status,
    body:
      status === 200
        ? { _id: 'usr_1', name: 'Asha', email: 'a@example.com', phone: '9876543210', pic, role }
        : { message: 'Please login to continue' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('account menu', () => {
  it('shows SIGNUP and LOGIN to a visitor', () => {
    stubApi(() => undefined);
    renderScreen('/', '/', <AccountMenu />);
    expect(screen.getByRole('link', { name: 'SIGNUP' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'LOGIN' }).getAttribute('href')).toBe('/login');
  });

  it('shows the profile picture and a keyboard menu to a signed-in user', async () => {
    signIn();
    stubApi(profileAnswer());
    renderScreen('/', '/', <AccountMenu />);
    const button = await screen.findByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe(pic));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    const keys = userEvent.setup();
    button.focus();
    await keys.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Profile',
      'Transaction',
      'My Bills',
      'My complaints',
      'Delete Account',
      'Logout',
    ]);
    expect(document.activeElement?.textContent).toBe('Profile');
    await keys.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Transaction');
    await keys.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Logout');
    await keys.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('offers the merchant dashboard to a merchant only, reachable by keyboard', async () => {
    signIn();
    stubApi(profileAnswer(200, 'merchant'));
    const { router } = renderScreen('/', '/', <AccountMenu />);
    const button = await screen.findByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe(pic));

    const keys = userEvent.setup();
    button.focus();
    await keys.keyboard('{Enter}');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Profile',
      'Transaction',
      'My Bills',
      'My complaints',
      'Merchant Dashboard',
      'Delete Account',
      'Logout',
    ]);
    await keys.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('My complaints');
    await keys.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Merchant Dashboard');
    await keys.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/merchant'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows no merchant dashboard link to an ordinary user or a visitor', async () => {
    signIn();
    stubApi(profileAnswer());
    const view = renderScreen('/', '/', <AccountMenu />);
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe(pic));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getAllByRole('menuitem')).toHaveLength(6);
    expect(screen.queryByRole('menuitem', { name: 'Merchant Dashboard' })).toBeNull();
    view.unmount();

    localStorage.clear();
    renderScreen('/', '/', <AccountMenu />);
    expect(screen.getByRole('link', { name: 'LOGIN' })).toBeTruthy();
    expect(screen.queryByText('Merchant Dashboard')).toBeNull();
  });

  it('logs out from the menu: both records go and the visitor links come back', async () => {
    signIn();
    const calls = stubApi(({ path }) =>
      path === '/users/logout' ? { body: { message: 'Logged out successfully' } } : profileAnswer()(),
    );
    const { router } = renderScreen('/', '/', <AccountMenu />);
    const clicks = userEvent.setup();
    await clicks.click(await screen.findByRole('button', { name: 'Account menu' }));
    await clicks.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
    expect(calls.some((call) => call.path === '/users/logout' && call.authorization === 'Bearer tok')).toBe(
      true,
    );
    expect(router.state.location.pathname).toBe('/login');
  });

  it('logs out: the receipts saved on this device for offline go too, the app shell stays', async () => {
    signIn();
    stubApi(({ path }) =>
      path === '/users/logout' ? { body: { message: 'Logged out successfully' } } : profileAnswer()(),
    );
    const storage = stubCacheStorage({
      [SAVED_RECEIPTS_CACHE]: { 'http://localhost/api/orders/ord_1?owner=ab12': new Response('{}') },
      'workbox-precache-v2-http://localhost/': {},
    });
    renderScreen('/', '/', <AccountMenu />);
    const clicks = userEvent.setup();
    await clicks.click(await screen.findByRole('button', { name: 'Account menu' }));
    await clicks.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(storage.names()).toEqual(['workbox-precache-v2-http://localhost/']));
  });

  it('forgets a session whose token the server no longer accepts', async () => {
    signIn();
    stubApi(profileAnswer(401));
    renderScreen('/', '/', <AccountMenu />);
    expect(await screen.findByRole('link', { name: 'LOGIN' })).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
