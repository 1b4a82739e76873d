import { SESSION_STORAGE_KEY, USER_DATA_STORAGE_KEY } from '@erti/contracts/constants';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_RECEIPTS_CACHE } from '../../../lib/saved-receipts-cache.ts';
import { saveSession } from '../../../lib/session.ts';
import { stubCacheStorage } from '../../../test/cache-storage.ts';
import { pressLoginInPopup } from '../../../test/login-popup.ts';
import { type ApiCall, gate, renderScreen, stubApi } from '../testing/render.tsx';
import { DeleteAccountForm } from './delete-account-form.tsx';

const siteConfig = { supportEmail: 'support@ertipay.in' };
const answering =
  (deletion: { status?: number; body: unknown }) =>
  ({ path }: ApiCall) => {
    if (path === '/site-config') return { body: siteConfig };
    if (path === '/users/delete-account') return deletion;
    return undefined;
  };

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  saveSession(
    { message: 'User Login success', Token: 'tok.en.value', UserId: 'usr_1' },
    { userName: 'Asha', email: 'asha@example.com', phone: '9876543210' },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('delete account', () => {
  it('explains deletion, needs a feedback, confirms, deletes and goes to /signup after 1 second', async () => {
    const calls = stubApi(answering({ body: { message: 'Your account has been deleted successfully' } }));
    const storage = stubCacheStorage({ [SAVED_RECEIPTS_CACHE]: {} });
    const { router } = renderScreen('/delete-account', '/delete-account', <DeleteAccountForm />);
    const typing = user();
    expect(screen.getByText(/transaction history, tax-reporting data and audit data are kept/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
    expect(await screen.findByRole('link', { name: 'support@ertipay.in' })).toBeTruthy();

    const feedback = screen.getByPlaceholderText('Please let us know your reason for deleting the account');
    await typing.type(feedback, '   ');
    await typing.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(screen.getByText('Feedback is required before deleting your account.')).toBeTruthy();
    expect(feedback.getAttribute('aria-invalid')).toBe('true');

    await typing.type(feedback, 'Moving abroad');
    await typing.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Account Deletion' });
    expect(
      within(dialog).getByText('Are you sure you want to delete your account? This action cannot be undone.'),
    ).toBeTruthy();
    await typing.click(within(dialog).getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Your account has been deleted successfully')).toBeTruthy();
    expect(calls.find((call) => call.path === '/users/delete-account')).toMatchObject({
      body: { feedback: 'Moving abroad' },
      authorization: 'Bearer tok.en.value',
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_DATA_STORAGE_KEY)).toBeNull();
    // The receipts saved for offline go with the account (decision 081).
    expect(storage.names()).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/signup');
  });

  it("names the busy confirmation by its visible words alone, 'Deleting...'", async () => {
    const answer = gate();
    const reply = answering({ body: { message: 'Your account has been deleted successfully' } });
    stubApi(async (call) => {
      if (call.path === '/users/delete-account') await answer.opened;
      return reply(call);
    });
    renderScreen('/delete-account', '/delete-account', <DeleteAccountForm />);
    const typing = user();
    await typing.type(screen.getByRole('textbox'), 'Bye');
    await typing.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await typing.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    const deleting = await screen.findByRole('button', { name: 'Deleting...' });
    expect(deleting.getAttribute('aria-busy')).toBe('true');
    expect(within(deleting).queryByRole('status')).toBeNull();
    answer.open();
    expect(await screen.findByText('Your account has been deleted successfully')).toBeTruthy();
  });

  it('keeps the user here with a red toast when the answer mentions an error', async () => {
    stubApi(answering({ body: { message: 'Internal error while deleting' } }));
    const { router } = renderScreen('/delete-account', '/delete-account', <DeleteAccountForm />);
    const typing = user();
    await typing.type(screen.getByRole('textbox'), 'Bye');
    await typing.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await typing.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText('Internal error while deleting')).toBeTruthy();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(1500));
    expect(router.state.location.pathname).toBe('/delete-account');
  });

  it('closes the confirmation on Cancel without deleting', async () => {
    const calls = stubApi(answering({ body: { message: 'Your account has been deleted successfully' } }));
    renderScreen('/delete-account', '/delete-account', <DeleteAccountForm />);
    const typing = user();
    await typing.type(screen.getByRole('textbox'), 'Bye');
    await typing.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await typing.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path === '/users/delete-account')).toBe(false);
  });

  it('lets a logged-out visitor read the page and asks them to log in to delete', async () => {
    localStorage.clear();
    const calls = stubApi(answering({ body: {} }));
    const { router } = renderScreen('/delete-account', '/delete-account', <DeleteAccountForm />);
    const typing = user();
    expect(router.state.location.pathname).toBe('/delete-account');
    await typing.type(
      screen.getByPlaceholderText('Please let us know your reason for deleting the account'),
      'Bye',
    );
    await typing.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByRole('dialog', { name: 'Please login to continue' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm Account Deletion' })).toBeNull();
    await pressLoginInPopup(typing);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?from=%2Fdelete-account');
    expect(calls.some((call) => call.path === '/users/delete-account')).toBe(false);
  });
});
