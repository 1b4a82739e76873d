import { describe, expect, it, vi } from 'vitest';
import { digitsOnly, formatIstDateTime, matchesBillerRegex, phoneDigits } from './text.ts';

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

/** The one reading of a biller's customer-parameter regex, for the api and both web forms. */
describe('formatIstDateTime', () => {
  it('writes an instant in India time, named, whatever the zone it is given in', () => {
    expect(formatIstDateTime(new Date('2025-11-21T20:15:00Z'))).toBe('22 Nov 2025, 1:45 am IST');
    expect(formatIstDateTime(new Date('2025-11-22T13:05:59+05:30'))).toBe('22 Nov 2025, 1:05 pm IST');
  });
});

describe('matchesBillerRegex', () => {
  it("judges a value by the biller's pattern", () => {
    expect(matchesBillerRegex('^[6-9][0-9]{9}$', '9876543210')).toBe(true);
    expect(matchesBillerRegex('^[6-9][0-9]{9}$', '1234567890')).toBe(false);
    expect(matchesBillerRegex('^[A-Z]{2}[0-9]{2}[A-Z]{1,2}[0-9]{4}$', 'mh12ab1234')).toBe(false);
    expect(matchesBillerRegex('^[A-Z]{2}[0-9]{2}[A-Z]{1,2}[0-9]{4}$', 'MH12AB1234')).toBe(true);
  });

  it('passes every value when there is no pattern or JavaScript cannot compile it', () => {
    expect(matchesBillerRegex('', 'anything')).toBe(true);
    // Java's possessive quantifier and an unclosed group: not JavaScript regexes.
    expect(matchesBillerRegex('^[0-9]++$', 'abc')).toBe(true);
    expect(matchesBillerRegex('^([0-9]{10}$', '12')).toBe(true);
  });

  it('compiles each pattern once, a pattern that does not compile included', () => {
    const RealRegExp = RegExp;
    const compiles = vi
      .spyOn(globalThis, 'RegExp')
      // A function, not an arrow: the spy is called with `new`, and an arrow cannot be constructed.
      .mockImplementation(function compile(source, flags) {
        return new RealRegExp(source, flags);
      } as RegExpConstructor);
    try {
      for (let round = 0; round < 3; round += 1) {
        expect(matchesBillerRegex('^[0-9]{4}$', '1234')).toBe(true);
        expect(matchesBillerRegex('^[0-9]{4}$', '123')).toBe(false);
        expect(matchesBillerRegex('^[0-9]{4,}+$', 'abc')).toBe(true);
      }
      expect(compiles).toHaveBeenCalledTimes(2);
    } finally {
      compiles.mockRestore();
    }
  });
});
