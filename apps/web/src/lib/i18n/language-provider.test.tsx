import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages } from '../../test/intl.tsx';
import { clearSession, saveSession } from '../session.ts';
import { markLanguageUnsaved, rememberLanguage, unsavedLanguage } from './device-language.ts';
import { LanguageProvider, useLanguage } from './language-provider.tsx';

const inEnglish = ({ children }: { children: ReactNode }) => (
  <LanguageProvider language="en" messages={englishMessages}>
    {children}
  </LanguageProvider>
);

describe('the language after login', () => {
  it("follows the profile's language on a device with no choice", async () => {
    const { result } = renderHook(() => useLanguage(), { wrapper: inEnglish });
    await act(() => result.current.followProfile('ta'));
    expect(result.current.language).toBe('ta');
  });

  it("keeps the device's own choice over the profile's", async () => {
    rememberLanguage('en');
    const { result } = renderHook(() => useLanguage(), { wrapper: inEnglish });
    await act(() => result.current.followProfile('hi'));
    expect(result.current.language).toBe('en');
  });
});

describe("a signed-in customer's pick", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearSession();
  });

  it('is sent again when the browser is back online after the profile missed it', async () => {
    saveSession({ message: 'User Login success', Token: 'tok_asha', UserId: 'usr_1' });
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useLanguage(), { wrapper: inEnglish });
    await act(() => result.current.choose('hi'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(result.current.language).toBe('hi');
    await waitFor(() => expect(unsavedLanguage()).toBe('hi'));

    fetch.mockResolvedValue(Response.json({ message: 'ok' }));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(unsavedLanguage()).toBeUndefined());
    const [url, init] = fetch.mock.calls[1] ?? [];
    expect(String(url)).toMatch(/\/api\/users\/language$/);
    expect(JSON.parse(String(init?.body))).toEqual({ language: 'hi' });
  });

  it('is not sent to the next account after logout', () => {
    markLanguageUnsaved('ta');
    clearSession();
    expect(unsavedLanguage()).toBeUndefined();
  });
});
