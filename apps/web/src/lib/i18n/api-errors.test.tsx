import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../test/intl.tsx';
import { ApiError, NO_ANSWER } from '../api-client.ts';
import { useApiErrorText } from './api-errors.ts';
import { loadMessages } from './catalogues.ts';
import { LanguageProvider } from './language-provider.tsx';

async function errorTextIn(language: 'en' | 'hi', extra: Record<string, string> = {}) {
  const messages = { ...(language === 'en' ? englishMessages : await loadMessages('hi')), ...extra };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageProvider language={language} messages={messages as Record<string, string>}>
      {children}
    </LanguageProvider>
  );
  return renderHook(() => useApiErrorText(), { wrapper }).result.current;
}

describe('useApiErrorText', () => {
  it("shows the catalogue's message for the body's messageKey, with its values", async () => {
    const text = await errorTextIn('hi', { 'api-errors.otp.wait': '{seconds} सेकंड रुकें' });
    const error = new ApiError(429, 'Please wait 20 seconds', {
      message: 'Please wait 20 seconds',
      messageKey: 'otp.wait',
      messageValues: { seconds: 20 },
    });
    expect(text(error)).toBe('20 सेकंड रुकें');
  });

  it("shows a spec string in the site's language, other English as sent, and the fallback without an answer", async () => {
    const text = await errorTextIn('hi');
    expect(
      text(new ApiError(400, 'Invalid OTP', { message: 'Invalid OTP', messageKey: 'unknown.key' })),
    ).toBe('OTP सही नहीं है');
    expect(text(new ApiError(400, 'Something new', { message: 'Something new' }))).toBe('Something new');
    expect(text(new TypeError('Failed to fetch'), 'कुछ गड़बड़ हो गई')).toBe('कुछ गड़बड़ हो गई');
  });

  it("says a call that got no answer is a network error, in the site's language", async () => {
    const noAnswer = new ApiError(NO_ANSWER, 'Network error. Please check your connection.', new TypeError());
    expect((await errorTextIn('en'))(noAnswer)).toBe('Network error. Please check your connection.');
    expect((await errorTextIn('hi'))(noAnswer)).toBe('नेटवर्क से जुड़ नहीं पाए। कृपया अपना इंटरनेट कनेक्शन जाँचें।');
  });
});
