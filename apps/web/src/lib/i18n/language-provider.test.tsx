import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../test/intl.tsx';
import { rememberLanguage } from './device-language.ts';
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
