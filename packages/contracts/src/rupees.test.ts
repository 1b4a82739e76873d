import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AmountReading,
  assertWholePaise,
  formatPaise,
  MAX_AMOUNT_PAISE,
  paiseOrThrow,
  parsePaise,
  parseRupees,
  type RupeeGrammar,
  rupeesFromPaise,
} from './rupees.ts';

const grammars: RupeeGrammar[] = ['plain', 'typed', 'gateway'];
const paiseInRange = fc.integer({ min: 0, max: MAX_AMOUNT_PAISE });
const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });
const refusedIn = (reading: AmountReading) => (reading.ok ? `read as ${reading.paise}` : reading.reason);

describe('parseRupees: typed by a person', () => {
  it.each([
    ['1,234.50', 123_450],
    ['₹ 99', 9_900],
    ['₹99', 9_900],
    ['  299  ', 29_900],
    ['120.5', 12_050],
    ['120.', 12_000],
    ['0.07', 7],
    ['0', 0],
    ['1,23,456.78', 12_345_678],
    ['123,456', 12_345_600],
    ['999999999.99', 99_999_999_999],
  ])('reads %j as %i paise', (text, paise) => {
    expect(parseRupees(text, 'typed')).toEqual({ ok: true, paise });
  });

  it.each([
    ['', 'Amount is empty'],
    ['abc', 'Amount is not a number'],
    ['-5', 'Amount must not have a sign'],
    ['-₹5', 'Amount must not have a sign'],
    ['0.005', 'Amount must have at most two decimals'],
    ['1,5', 'Amount must be digits with a decimal point, without other separators'],
    ['1,50', 'Amount must be digits with a decimal point, without other separators'],
    ['1 234', 'Amount must be digits with a decimal point, without other separators'],
    ['1234567890', 'Amount must be at most 999999999.99 rupees'],
    ['12.3.4', 'Amount is not a number'],
    ['.5', 'Amount is not a number'],
    ['99₹', 'Amount is not a number'],
  ])('refuses %j: %s', (text, reason) => {
    expect(parseRupees(text, 'typed')).toEqual({ ok: false, reason });
  });
});

describe('parseRupees: plain, as clients send it, and gateway answers', () => {
  it('reads plain rupees (text or a JSON number) and nothing a person might add', () => {
    expect(parseRupees('499')).toEqual({ ok: true, paise: 49_900 });
    expect(parseRupees(' 499.5 ')).toEqual({ ok: true, paise: 49_950 });
    expect(parseRupees(499.5)).toEqual({ ok: true, paise: 49_950 });
    expect(parseRupees(0.1 + 0.2)).toEqual({ ok: false, reason: 'Amount must have at most two decimals' });
    for (const text of ['1,234.50', '₹ 99', '120.', '0.005', '', 'abc', '-5', 'NaN', 'Infinity']) {
      expect(parseRupees(text).ok, text).toBe(false);
    }
    for (const number of [Number.NaN, Number.POSITIVE_INFINITY, -1, 1e21, 1e-7]) {
      expect(parseRupees(number).ok, String(number)).toBe(false);
    }
  });

  it('takes zeros past the paise only from a gateway', () => {
    expect(parseRupees('100.000', 'gateway')).toEqual({ ok: true, paise: 10_000 });
    expect(parseRupees('100.000').ok).toBe(false);
    expect(parseRupees('100.001', 'gateway')).toEqual({
      ok: false,
      reason: 'Amount must have at most two decimals',
    });
  });
});

describe('parseRupees and the formatters: properties', () => {
  it('reads back every amount in range that rupeesFromPaise writes, in every grammar', () => {
    fc.assert(
      fc.property(paiseInRange, fc.constantFrom(...grammars), (paise, grammar) => {
        expect(parseRupees(rupeesFromPaise(paise), grammar)).toEqual({ ok: true, paise });
        expect(parsePaise(String(paise))).toEqual({ ok: true, paise });
        expect(parsePaise(paise)).toEqual({ ok: true, paise });
      }),
    );
  });

  it('refuses more than two decimals', () => {
    fc.assert(
      fc.property(digits(1, 9), digits(3, 6), fc.constantFrom(...grammars), (whole, decimals, grammar) => {
        fc.pre(grammar !== 'gateway' || /[1-9]/.test(decimals.slice(2)));
        expect(refusedIn(parseRupees(`${whole}.${decimals}`, grammar))).toBe(
          'Amount must have at most two decimals',
        );
      }),
    );
  });

  it('refuses exponents and signs, in rupees and in paise', () => {
    const exponent = fc.tuple(digits(1, 4), fc.constantFrom('e', 'E', 'e+', 'e-'), digits(1, 2));
    fc.assert(
      fc.property(exponent, fc.constantFrom(...grammars), ([whole, e, power], grammar) => {
        expect(refusedIn(parseRupees(`${whole}${e}${power}`, grammar))).toBe(
          'Amount must not have an exponent',
        );
        expect(refusedIn(parsePaise(`${whole}${e}${power}`))).toBe('Amount must not have an exponent');
      }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('+', '-'),
        digits(1, 9),
        fc.constantFrom(...grammars),
        (sign, amount, grammar) => {
          expect(refusedIn(parseRupees(`${sign}${amount}`, grammar))).toBe('Amount must not have a sign');
          expect(refusedIn(parsePaise(`${sign}${amount}`))).toBe('Amount must not have a sign');
        },
      ),
    );
  });

  it('refuses separators it does not know (and, outside typing, any separator)', () => {
    const separator = fc.constantFrom('_', ' ', "'", ',', '\u00a0', '\u202f', '٫');
    fc.assert(
      fc.property(
        digits(1, 3),
        separator,
        digits(1, 2),
        fc.constantFrom(...grammars),
        (left, mark, right, grammar) => {
          // '1,234' is digit grouping when a person types it; a group of one or two digits is not.
          fc.pre(!(grammar === 'typed' && mark === ','));
          expect(parseRupees(`${left}${mark}${right}`, grammar).ok).toBe(false);
          expect(parsePaise(`${left}${mark}${right}`).ok).toBe(false);
        },
      ),
    );
    for (const text of ['1,5', '1,50', '1,5.00']) expect(parseRupees(text, 'typed').ok, text).toBe(false);
  });

  it('refuses anything before or after the amount', () => {
    const junk = fc.string({ minLength: 1, maxLength: 3 }).filter((text) => /^[^\d\s.,₹]+$/.test(text));
    fc.assert(
      fc.property(digits(1, 6), junk, fc.constantFrom(...grammars), (amount, extra, grammar) => {
        expect(parseRupees(`${amount}${extra}`, grammar).ok).toBe(false);
        expect(parseRupees(`${extra}${amount}`, grammar).ok).toBe(false);
      }),
    );
  });

  it('refuses every amount past the largest one', () => {
    const tooMany = fc.oneof(
      fc.integer({ min: MAX_AMOUNT_PAISE + 1, max: Number.MAX_SAFE_INTEGER }).map(rupeesFromPaise),
      digits(16, 30).map((extra) => `9${extra}.00`),
    );
    fc.assert(
      fc.property(tooMany, fc.constantFrom(...grammars), (text, grammar) => {
        expect(refusedIn(parseRupees(text, grammar))).toBe('Amount must be at most 999999999.99 rupees');
      }),
    );
    expect(parsePaise(MAX_AMOUNT_PAISE + 1).ok).toBe(false);
    expect(parsePaise(MAX_AMOUNT_PAISE)).toEqual({ ok: true, paise: MAX_AMOUNT_PAISE });
  });

  it('takes paise as whole digits or a safe integer only', () => {
    fc.assert(
      fc.property(fc.double({ noInteger: true }), (amount) => {
        expect(parsePaise(amount).ok).toBe(false);
      }),
    );
    expect(parsePaise('499.00').ok).toBe(false);
    expect(parsePaise(2 ** 53).ok).toBe(false);
  });

  it('formatters refuse a value that is not whole paise', () => {
    fc.assert(
      fc.property(fc.double({ noInteger: true }), (paise) => {
        expect(() => rupeesFromPaise(paise)).toThrow(RangeError);
        expect(() => assertWholePaise(paise)).toThrow(RangeError);
      }),
    );
    expect(() => rupeesFromPaise(2 ** 53)).toThrow(RangeError);
    expect(rupeesFromPaise(123_450)).toBe('1234.50');
    expect(rupeesFromPaise(-5)).toBe('-0.05');
  });
});

describe('formatPaise', () => {
  it('writes paise the Indian way, exactly, and refuses what is not whole paise', () => {
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatPaise(MAX_AMOUNT_PAISE)).toBe('₹99,99,99,999.99');
    fc.assert(
      fc.property(paiseInRange, (paise) => {
        expect(paiseOrThrow(parseRupees(formatPaise(paise), 'typed'))).toBe(paise);
      }),
    );
    fc.assert(
      fc.property(fc.double({ noInteger: true }), (paise) => {
        expect(() => formatPaise(paise)).toThrow(RangeError);
      }),
    );
  });
});
