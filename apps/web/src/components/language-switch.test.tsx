import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../lib/i18n/language-provider.tsx';
import { saveSession } from '../lib/session.ts';
import { englishMessages } from '../test/intl.tsx';
import { LanguageSwitch } from './language-switch.tsx';

function renderSwitchBesideAForm() {
  return render(
    <LanguageProvider language="en" messages={englishMessages}>
      <label>
        Name
        <input />
      </label>
      <LanguageSwitch />
    </LanguageProvider>,
  );
}

function stubFetch() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'ok' }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LanguageSwitch', () => {
  it('offers each language in its own script, labelled for screen readers', () => {
    renderSwitchBesideAForm();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'English',
      'हिन्दी',
      'தமிழ்',
    ]);
  });

  it('switches the page in place: the form keeps what it holds, <html lang> and the title follow', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    renderSwitchBesideAForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');

    const select = await screen.findByRole('combobox', { name: 'भाषा' });
    expect((select as HTMLSelectElement).value).toBe('hi');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Asha');
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(document.title).toBe('Erti Pay: बिल पेमेंट और रिचार्ज');
    expect(localStorage.getItem('erti_lang')).toBe('hi');
    expect(document.cookie).toContain('erti_lang=hi');
    // Signed out: the choice stays on the device.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps a signed-in customer's choice in the profile too", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    saveSession({ message: 'User Login success', Token: 'token-1', UserId: 'usr_1' });
    renderSwitchBesideAForm();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ta');

    await screen.findByRole('combobox', { name: 'மொழி' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/language');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ language: 'ta' });
  });
});
