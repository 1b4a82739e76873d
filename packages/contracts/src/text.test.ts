import { describe, expect, it } from 'vitest';
import { digitsOnly, phoneDigits } from './text.ts';

/** The one rule every phone and mobile number field keeps what is typed or pasted by. */
describe('phoneDigits', () => {
  it('drops the non-digits before counting to 10', () => {
    expect(phoneDigits('98765 43210')).toBe('9876543210');
    expect(phoneDigits('98-765 abc43210')).toBe('9876543210');
    expect(phoneDigits('(987) 654-3210')).toBe('9876543210');
  });

  it('drops a +91 country code or a trunk 0 in front of the ten digits', () => {
    expect(phoneDigits('+919876543210')).toBe('9876543210');
    expect(phoneDigits('+91 98765 43210')).toBe('9876543210');
    expect(phoneDigits('919876543210')).toBe('9876543210');
    expect(phoneDigits('09876543210')).toBe('9876543210');
    expect(phoneDigits('0 98765 43210')).toBe('9876543210');
  });

  it('keeps at most 10 digits otherwise, and what is still being typed as it is', () => {
    expect(phoneDigits('98765432109')).toBe('9876543210');
    expect(phoneDigits('9876543210999')).toBe('9876543210');
    expect(phoneDigits('9198765')).toBe('9198765');
    expect(phoneDigits('0987')).toBe('0987');
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits('abc')).toBe('');
  });

  it('extends digitsOnly, which still keeps every digit when not given a limit', () => {
    expect(digitsOnly('+91 98765 43210')).toBe('919876543210');
    expect(digitsOnly('12-34', 3)).toBe('123');
  });
});
