import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@erti/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerMessages, keyedMessage } from '../src/answer-messages.ts';
import { errorMessagesByKey, keyOfMessage, type MessageValues } from '../src/error-message-keys.ts';
import { post } from './support/accounts.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

const webCatalogue = (language: string, namespace = 'api-errors'): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../web/src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
  );
const variablesOf = (message: string) => [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

/** Sample values of a message's variables: a count where it is a plural, a distinct word otherwise. */
function samplesOf(message: string, count: number): MessageValues {
  const values: MessageValues = {};
  for (const [index, match] of [...message.matchAll(/\{\s*(\w+)\s*(,\s*plural)?/g)].entries()) {
    values[match[1] ?? ''] = match[2] ? count : `Value ${index}`;
  }
  return values;
}

describe.each([
  ['api-errors', errorMessagesByKey],
  ['api-messages', answerMessages as Record<string, string>],
])('the %s catalogue of the web site', (namespace, apiMessages) => {
  it('has every key the api can answer, in every language, and nothing else', () => {
    const keys = Object.keys(apiMessages).sort();
    for (const language of LANGUAGES)
      expect(Object.keys(webCatalogue(language, namespace)).sort(), language).toEqual(keys);
  });

  it('says in English exactly what the api says, and keeps the variables in every language', () => {
    expect(webCatalogue('en', namespace)).toEqual(apiMessages);
    for (const language of LANGUAGES) {
      for (const [key, message] of Object.entries(webCatalogue(language, namespace))) {
        expect(() => new IntlMessageFormat(message, language), `${language} ${key}`).not.toThrow();
        expect(variablesOf(message), `${language} ${key}`).toEqual(variablesOf(apiMessages[key] ?? ''));
      }
    }
  });
});

describe('a success answer built from its key', () => {
  it('writes money and days in English as the api always has, and keeps the raw values', () => {
    const deadlineAt = '2026-12-03T20:00:00.000Z';
    expect(
      keyedMessage('merchant.refundInitiated', { amountPaise: 123_450, orderId: 'EP1', deadlineAt }),
    ).toEqual({
      message: 'Refund of ₹1,234.50 for order EP1 initiated. It must reach the customer by 4 Dec 2026.',
      messageKey: 'merchant.refundInitiated',
      messageValues: { amountPaise: 123_450, orderId: 'EP1', deadlineAt },
    });
    expect(keyedMessage('myBills.removed')).toEqual({
      message: 'Removed from My Bills',
      messageKey: 'myBills.removed',
    });
  });
});

describe('the key of an error message', () => {
  it('finds every listed message again, with the values that fill it in', () => {
    for (const [key, message] of Object.entries(errorMessagesByKey)) {
      for (const count of [1, 7]) {
        const values = samplesOf(message, count);
        const english = String(new IntlMessageFormat(message, 'en').format(values));
        const found = keyOfMessage(english);
        // Two keys of one English text share their key; the text is what matters.
        expect(
          found &&
            String(
              new IntlMessageFormat(errorMessagesByKey[found.messageKey] ?? '', 'en').format(
                found.messageValues,
              ),
            ),
          key,
        ).toBe(english);
        if (Object.keys(values).length > 0)
          expect(found, english).toEqual({ messageKey: key, messageValues: values });
      }
    }
  });

  it('reads the most specific message, and nothing for an unlisted one', () => {
    expect(keyOfMessage('Please enter an amount at least ₹10')).toEqual({
      messageKey: 'amount.atLeast',
      messageValues: { min: '10' },
    });
    expect(keyOfMessage('Please enter Consumer Number')).toEqual({
      messageKey: 'bill.enterParam',
      messageValues: { paramName: 'Consumer Number' },
    });
    expect(keyOfMessage("We do not offer the category 'Gold'")).toEqual({
      messageKey: 'catalogue.noCategory',
      messageValues: { category: 'Gold' },
    });
    expect(keyOfMessage('Biller declined: duplicate request')).toBeUndefined();
  });

  it('has a key for every message the api source throws as a literal', () => {
    const source = fileURLToPath(new URL('../src/', import.meta.url));
    const files = (folder: string): string[] =>
      readdirSync(folder).flatMap((name) => {
        const path = join(folder, name);
        return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
      });
    const thrown =
      /(?:badRequest|notFound|conflict|forbidden|unauthorized|tooManyRequests)\(\s*(['`])((?:(?!\1)[^\\]|\\.)*)\1|new AppError\(\s*'[A-Z_]+',\s*(['`])((?:(?!\3)[^\\]|\\.)*)\3/g;
    // Answers to a gateway's server, not to a person.
    const forMachines = [
      'Invalid webhook signature',
      'The webhook body is not a Razorpay event',
      'Invalid callback authorization',
    ];
    const unkeyed: string[] = [];
    for (const file of files(source)) {
      for (const match of readFileSync(file, 'utf8').matchAll(thrown)) {
        const text = (match[2] ?? match[4] ?? '').replace(/\$\{[^}]*\}/g, '7');
        if (!forMachines.includes(text) && !keyOfMessage(text)) unkeyed.push(`${file}: ${text}`);
      }
    }
    expect(unkeyed).toEqual([]);
  });
});

describe('error answers', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('carry the key of a rule’s message, with its values', async () => {
    const wrong = await post(env, '/users/verify', { email: 'nobody@example.com', OTP: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Invalid OTP or OTP expired',
      messageKey: 'errors.otpInvalidOrExpired',
    });

    const email = 'wait.for.it@example.com';
    expect((await post(env, '/users/otp', { email })).statusCode).toBe(200);
    const again = await post(env, '/users/otp', { email });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      messageKey: 'account.otpWait',
      messageValues: { seconds: expect.any(String) },
    });
    expect(again.json().message).toBe(
      `Please wait ${again.json().messageValues.seconds} seconds before requesting a new OTP`,
    );
  });

  it('carry the key of a request body’s validation message', async () => {
    const invalid = await post(env, '/users/otp', { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      message: 'email: Please enter a valid Email ID',
      messageKey: 'validation.loginEmail',
    });
    expect(invalid.json().messageValues).toBeUndefined();
  });
});
