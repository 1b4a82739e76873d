import { describe, expect, it } from 'vitest';
import { PLAIN_RUPEES, paiseFromRupeeText, paiseFromTypedRupees, rupeesFromPaise } from './rupees.ts';

describe('paiseFromTypedRupees: what a person types', () => {
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
    expect(paiseFromTypedRupees(text)).toBe(paise);
  });

  it.each([
    ['', 'nothing typed'],
    ['abc', 'letters'],
    ['-5', 'a negative amount'],
    ['-₹5', 'a negative amount with the sign first'],
    ['0.005', 'more than two decimals'],
    ['1,5', 'a comma that is not digit grouping (a decimal comma elsewhere)'],
    ['1,50', 'a comma group of two at the end'],
    ['1 234', 'a space inside the digits'],
    ['1234567890', 'more than 9 whole digits'],
    ['12.3.4', 'two decimal points'],
    ['.5', 'no whole rupees'],
    ['99₹', 'the rupee sign after the digits'],
  ])('refuses %j (%s)', (text) => {
    expect(paiseFromTypedRupees(text)).toBeUndefined();
  });
});

describe('paiseFromRupeeText: plain rupees, as the api accepts them from clients', () => {
  it('reads plain rupees and nothing else', () => {
    expect(paiseFromRupeeText('499')).toBe(49_900);
    expect(paiseFromRupeeText(' 499.5 ')).toBe(49_950);
    expect(paiseFromRupeeText('499.50')).toBe(49_950);
    for (const text of ['1,234.50', '₹ 99', '120.', '0.005', '', 'abc', '-5']) {
      expect(paiseFromRupeeText(text)).toBeUndefined();
      expect(PLAIN_RUPEES.test(text)).toBe(false);
    }
  });

  it('reads back what rupeesFromPaise writes', () => {
    for (const paise of [0, 7, 12_050, 123_450, 99_999_999_999]) {
      expect(paiseFromRupeeText(rupeesFromPaise(paise))).toBe(paise);
    }
    expect(rupeesFromPaise(123_450)).toBe('1234.50');
    expect(rupeesFromPaise(-5)).toBe('-0.05');
  });
});
