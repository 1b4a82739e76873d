import { describe, expect, it } from 'vitest';
import { isPlainEmailAddress, normalEmailAddress } from '../email-address.ts';
import { payuHashRequestSchema } from '../gateways/payu/payu.ts';
import { messages } from '../messages.ts';
import { createUserRequestSchema, resetPasswordRequestSchema, sendOtpRequestSchema } from './accounts.ts';
import { raiseComplaintRequestSchema } from './complaints.ts';
import { contactMessageSchema } from './contact.ts';
import { emailAddressSchema } from './email-address.ts';

const INVALID = 'the form says invalid';
const REQUIRED = 'the form says required';
const email = emailAddressSchema(INVALID, REQUIRED);
const read = (typed: unknown) => {
  const result = email.safeParse(typed);
  return result.success ? result.data : result.error.issues[0]?.message;
};

/** The look-alikes of issue 35 item 6, and their kin: none is a plain address after NFKC. */
const refused: Record<string, string> = {
  'Cyrillic а (U+0430)': '\u0430lice@example.com',
  'Cyrillic е in the domain': 'alice@\u0435xample.com',
  'right-to-left override (U+202E)': 'alice\u202e@example.com',
  'left-to-right mark (U+200E)': 'alice@example.com\u200e',
  'zero-width space (U+200B)': 'al\u200bice@example.com',
  'zero-width joiner (U+200D)': 'alice@exa\u200dmple.com',
  'soft hyphen (U+00AD)': 'ali\u00adce@example.com',
  'lone high surrogate ("\\ud800" in JSON)': JSON.parse('"alice\\ud800@example.com"'),
  'lone low surrogate': 'alice\udc00@example.com',
  'replacement character (invalid UTF-8 bytes)': 'alice\ufffd@example.com',
  'control character': 'alice\u0007@example.com',
  'space inside': 'ali ce@example.com',
  'trailing dot': 'alice@example.com.',
  'doubled dot in the domain': 'alice@example..com',
  'doubled dot in the local part': 'ali..ce@example.com',
  'leading dot': '.alice@example.com',
  'dot before @': 'alice.@example.com',
  'no dot in the domain': 'alice@localhost',
  'IP address': 'alice@192.168.1.1',
  'hyphen at a label edge': 'alice@-example.com',
  'quoted local part': '"alice smith"@example.com',
  'two @': 'alice@bob@example.com',
  'ideographic full stop (U+3002)': 'alice@example\u3002com',
  'Devanagari domain': 'alice@\u092d\u093e\u0930\u0924.in',
  'local part of 65': `${'a'.repeat(65)}@example.com`,
  'address of 255': `alice@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(53)}.com`,
};

describe('emailAddressSchema', () => {
  it.each(Object.entries(refused))('refuses %s with the form message', (_name, typed) => {
    expect(read(typed)).toBe(INVALID);
  });

  it('keeps the normal form: trimmed, NFKC, lower-cased', () => {
    expect(read('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(read('\uff41lice@example.com')).toBe('alice@example.com');
    expect(
      read(
        '\uff21\uff4c\uff49\uff43\uff45\uff20\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45\uff0e\uff43\uff4f\uff4d',
      ),
    ).toBe('alice@example.com');
    expect(read('\u212aumar@example.com')).toBe('kumar@example.com');
  });

  it('accepts what real addresses hold', () => {
    for (const address of [
      'first.last+bills@mail.example.co.in',
      "o'brien@example.com",
      'a_b-c@sub-domain.example.org',
      'x@xn--h2brj9c.xn--h2brj9c',
      `${'a'.repeat(64)}@example.com`,
    ]) {
      expect(read(address)).toBe(address);
    }
    expect(isPlainEmailAddress('ALICE@EXAMPLE.COM')).toBe(true);
    expect(normalEmailAddress(' ALICE@EXAMPLE.COM ')).toBe('alice@example.com');
  });

  it('says "required" for nothing typed and for what is not text', () => {
    expect(read('')).toBe(REQUIRED);
    expect(read('   ')).toBe(REQUIRED);
    expect(read(undefined)).toBe(REQUIRED);
    expect(read(42)).toBe(REQUIRED);
  });
});

describe("each form's own message (spec section 5)", () => {
  const lookAlike = '\u0430lice@example.com';
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? 'accepted' : result.error?.issues[0]?.message;

  it('the OTP call answers in the words of the form that sent it', () => {
    expect(messageOf(sendOtpRequestSchema.safeParse({ email: lookAlike, purpose: 'signup' }))).toBe(
      messages.validation.signupEmail,
    );
    expect(messageOf(sendOtpRequestSchema.safeParse({ email: lookAlike, purpose: 'login' }))).toBe(
      messages.validation.loginEmail,
    );
    expect(messageOf(sendOtpRequestSchema.safeParse({ email: lookAlike }))).toBe(
      messages.validation.loginEmail,
    );
    expect(messageOf(sendOtpRequestSchema.safeParse({ email: lookAlike, purpose: 'email' }))).toBe(
      messages.validation.profileEmailInvalid,
    );
    expect(sendOtpRequestSchema.parse({ email: '\uff41lice@Example.com', purpose: 'signup' })).toEqual({
      email: 'alice@example.com',
      purpose: 'signup',
    });
  });

  it('sign-up, reset, contact and complaints say their own sentences', () => {
    const signup = { name: 'Asha', phone: '9876543210', password: 'long enough password' };
    expect(messageOf(createUserRequestSchema.safeParse({ ...signup, email: lookAlike }))).toBe(
      messages.validation.signupEmail,
    );
    expect(messageOf(createUserRequestSchema.safeParse({ ...signup, email: '' }))).toBe(
      messages.validation.signupEmailRequired,
    );
    expect(messageOf(resetPasswordRequestSchema.safeParse({ email: lookAlike }))).toBe(
      messages.validation.resetEmail,
    );
    const contact = { name: 'Asha', phone: '9876543210', subject: 'Hi', message: 'Hello' };
    expect(messageOf(contactMessageSchema.safeParse({ ...contact, email: lookAlike }))).toBe(
      messages.validation.contactEmail,
    );
    const complaint = { name: 'Asha', queryType: 'Others', contactNumber: '9876543210', description: 'x' };
    expect(messageOf(raiseComplaintRequestSchema.safeParse({ ...complaint, email: lookAlike }))).toBe(
      'Please enter a valid Email ID',
    );
    expect(messageOf(payuHashRequestSchema.shape.email.safeParse(lookAlike))).toBe('Invalid email');
    expect(payuHashRequestSchema.shape.email.parse(undefined)).toBeUndefined();
  });
});
