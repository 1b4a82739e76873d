import { readdirSync } from 'node:fs';
import { LANGUAGES } from '@erti/contracts';
import { describe, expect, it } from 'vitest';
import { catalogues, translatorFor } from '../src/lib/i18n.ts';
import { noAccountMail, otpMail, passwordChangedMail } from '../src/modules/accounts/otp-mail.ts';
import type { DebitRow } from '../src/modules/autopay/autopay.repository.ts';
import { autopayMails } from '../src/modules/autopay/autopay-mail.ts';
import { acknowledgementMail, payerCodeMail } from '../src/modules/complaints/complaint-mail.ts';
import type { ComplaintRow } from '../src/modules/complaints/complaints.repository.ts';
import type { MyBillRow } from '../src/modules/my-bills/my-bills.repository.ts';

const locales = new URL('../src/locales/', import.meta.url);
/** The variables a message uses: `{name}`, `{name, plural, …}`. */
const variablesOf = (message: string) => [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

describe('the server catalogues', () => {
  it('has every language folder the contracts name, with the same namespaces', () => {
    const namespaces = (language: string) => readdirSync(new URL(`${language}/`, locales)).sort();
    for (const language of LANGUAGES) expect(namespaces(language), language).toEqual(namespaces('en'));
  });

  it('has every key in every language, with the same variables as the English message', () => {
    const english = catalogues.en;
    for (const language of LANGUAGES) {
      const catalogue = catalogues[language];
      expect([...catalogue.keys()].sort(), language).toEqual([...english.keys()].sort());
      for (const [key, message] of catalogue) {
        expect(variablesOf(message), `${language} ${key}`).toEqual(variablesOf(english.get(key) ?? ''));
        expect(message.trim(), `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('is written in each language’s own script, apart from names kept as they are', () => {
    const scripts = { hi: /\p{Script=Devanagari}/u, ta: /\p{Script=Tamil}/u };
    // Brand and network names, and labels that are the same in every language.
    const untranslated = new Set(['receipt.txnId']);
    for (const [language, script] of Object.entries(scripts)) {
      for (const [key, message] of catalogues[language as 'hi' | 'ta']) {
        if (!untranslated.has(key)) expect(message, `${language} ${key}`).toMatch(script);
      }
    }
  });

  it('formats money with Indian grouping and dates in India time for each locale', () => {
    const at = new Date('2026-11-27T10:36:00.000Z');
    expect(translatorFor('en').money(12_345_650)).toBe('₹1,23,456.50');
    expect(translatorFor('hi').money(12_345_650)).toBe('₹1,23,456.50');
    expect(translatorFor('ta').money(12_345_650)).toBe('₹1,23,456.50');
    expect(translatorFor('en').dateTime(at)).toBe('27 Nov 2026, 4:06 pm');
    // Hindi and Tamil say the part of the day in words, not a Latin am/pm (decision 112).
    expect(translatorFor('hi').dateTime(at)).toBe('27 नव॰ 2026, शाम 4:06');
    expect(translatorFor('ta').dateTime(at)).toBe('27 நவ., 2026, மாலை 4:06');
    expect(translatorFor('hi').day('2026-11-27', 'long')).toBe('27 नवंबर 2026');
    expect(translatorFor('ta').day('2026-11-27', 'long')).toBe('27 நவம்பர், 2026');
    // An unknown language (an old row) is English.
    expect(translatorFor('fr').t('orders.refund.title')).toBe('Refund completed');
  });
});

describe('the mails in Hindi and Tamil', () => {
  const scripts = { hi: /\p{Script=Devanagari}/u, ta: /\p{Script=Tamil}/u };
  const complaint = {
    complaintId: 'CC0112345678901',
    queryType: 'Transaction',
    txnReferenceId: 'PT01ABCD1234567890XY',
    expectedResolutionDate: '2026-12-04',
    details: { name: 'Asha', email: 'asha@example.com' },
  } as unknown as ComplaintRow;

  for (const [language, script] of Object.entries(scripts) as ['hi' | 'ta', RegExp][]) {
    it(`writes every OTP, the no-account and password notices and the complaint acknowledgement in ${language}`, () => {
      const mails = [
        ...(['signup', 'login', 'reset', 'email'] as const).map((purpose) =>
          otpMail('a@example.com', purpose, '123456', language),
        ),
        passwordChangedMail('a@example.com', language),
        noAccountMail('a@example.com', language),
        payerCodeMail('a@example.com', 'PT01ABCD1234567890XY', '123456', translatorFor(language)),
        acknowledgementMail(
          complaint,
          'a@example.com',
          'https://erti.example/complaint',
          translatorFor(language),
        ),
      ];
      for (const mail of mails) {
        expect(mail.subject).toMatch(script);
        expect(mail.html).toContain(`<html lang="${language}">`);
        // Nothing of the English frame is left.
        expect(mail.html).not.toContain('automated message');
      }
      expect(mails.at(-1)?.text).toContain(translatorFor(language).day('2026-12-04', 'long'));
    });
  }
});

describe('AutoPay’s mails in Hindi and Tamil', () => {
  const entry = { id: 'mbl_1', nickname: 'Amma veedu', billerName: 'BESCOM' } as MyBillRow;
  const debit = {
    billNumber: 'B-77',
    amountPaise: 123_456_00,
    reason: null,
    debitAt: new Date('2026-12-01T04:30:00Z'),
  };
  const words = {
    hi: { notice: 'ऑटोपे', approval: 'मंज़ूरी', failed: 'नहीं कर पाया' },
    ta: { notice: 'ஆட்டோபே', approval: 'ஒப்புதல்', failed: 'முடியவில்லை' },
  };

  for (const language of ['hi', 'ta'] as const) {
    it(`writes the notice, approval and failed mails in ${language}, names as they came`, () => {
      const translator = translatorFor(language);
      const facts = {
        entry,
        debit: debit as DebitRow,
        publicUrl: 'https://erti.example',
        skipUrl: 'https://skip',
        translator,
      };
      for (const kind of ['notice', 'approval', 'failed'] as const) {
        const mail = autopayMails[kind](facts);
        expect(mail.subject, kind).toContain(words[language][kind]);
        expect(mail.subject, kind).toContain('Amma veedu');
        expect(mail.text, kind).toContain(translator.money(123_456_00));
        expect(mail.text, kind).toContain('BESCOM');
        expect(mail.html, kind).toContain(`<html lang="${language}">`);
      }
      expect(autopayMails.notice(facts).text).toContain(translator.dateTime(debit.debitAt));
    });
  }
});
