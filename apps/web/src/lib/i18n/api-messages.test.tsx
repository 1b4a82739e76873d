import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { englishMessages } from '../../test/intl.tsx';
import { useApiMessageText } from './api-messages.ts';
import { loadMessages } from './catalogues.ts';
import { LanguageProvider } from './language-provider.tsx';

async function messageTextIn(language: 'en' | 'hi' | 'ta') {
  const messages = language === 'en' ? englishMessages : await loadMessages(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LanguageProvider language={language} messages={messages as Record<string, string>}>
      {children}
    </LanguageProvider>
  );
  return renderHook(() => useApiMessageText(), { wrapper }).result.current;
}

const refundInitiated = {
  message: 'Refund of ₹1,234.50 for order EP1 initiated. It must reach the customer by 4 Dec 2026.',
  messageKey: 'merchant.refundInitiated',
  // 20:00 UTC on the 3rd is the 4th in India.
  messageValues: { amountPaise: 123_450, orderId: 'EP1', deadlineAt: '2026-12-03T20:00:00.000Z' },
};

describe('useApiMessageText', () => {
  it('says a keyed answer in English exactly as the api does', async () => {
    const text = await messageTextIn('en');
    expect(text(refundInitiated)).toBe(refundInitiated.message);
  });

  it("says it in the site's language, with money and the day in India as that language writes them", async () => {
    const hindi = (await messageTextIn('hi'))(refundInitiated);
    expect(hindi).toContain('₹1,234.50');
    expect(hindi).toContain('रिफ़ंड');
    expect(hindi).toContain(
      new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium' }).format(new Date(2026, 11, 4)),
    );
    expect(hindi).not.toContain('initiated');
    const tamil = (await messageTextIn('ta'))({
      message: 'Your complaint has been registered successfully. …',
      messageKey: 'complaints.registered',
      messageValues: { complaintId: 'CC0125ABCDEF01' },
    });
    expect(tamil).toContain('CC0125ABCDEF01');
    expect(tamil).toContain('புகார்');
  });

  it('keeps the English of an answer without a key this site knows', async () => {
    const text = await messageTextIn('hi');
    expect(text({ message: 'Something new' })).toBe('Something new');
    expect(text({ message: 'Newer api', messageKey: 'merchant.unheardOf' })).toBe('Newer api');
  });
});
