import { indiaDate } from '@erti/contracts/india-time';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatsFor, useFormat } from './format.ts';

const {
  calendarDate: formatCalendarDate,
  date: formatDate,
  dateTime: formatDateTime,
  paise: formatPaise,
  price: formatPrice,
  rupees: formatRupees,
} = formatsFor('en', 'IST');

describe('format', () => {
  it('writes rupees with Indian digit grouping', () => {
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatRupees('499')).toBe('₹499.00');
    expect(formatRupees(1500.5)).toBe('₹1,500.50');
  });

  it('reads rupees with the one rupee parser and writes only whole paise', () => {
    expect(formatRupees('₹ 1,234.5')).toBe('₹1,234.50');
    expect(formatRupees('1e3')).toBe('1e3');
    expect(formatRupees(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(formatPrice(19.999)).toBe('19.999');
    expect(() => formatPaise(1.5)).toThrow(RangeError);
    expect(() => formatPaise(2 ** 53)).toThrow(RangeError);
  });

  it('writes a price without zero paise', () => {
    expect(formatPrice(2999)).toBe('₹2,999');
    expect(formatPrice(19.5)).toBe('₹19.5');
  });

  it('writes a calendar date as people read it and leaves anything else as sent', () => {
    expect(formatCalendarDate('2025-06-30')).toBe('30 Jun 2025');
    expect(formatCalendarDate('30/06/2025')).toBe('30/06/2025');
    expect(formatCalendarDate(undefined)).toBe('');
  });

  it("writes a document's date with the month in full, in each language", () => {
    expect(formatsFor('en', 'IST').longDate('2024-04-01')).toBe('1 April 2024');
    expect(formatsFor('hi', 'भारतीय समय').longDate('2024-04-01')).toBe('1 अप्रैल 2024');
    expect(formatsFor('ta', 'இந்திய நேரம்').longDate('2025-05-05')).toBe('5 மே, 2025');
    expect(formatsFor('en', 'IST').longDate('April 2024')).toBe('April 2024');
  });

  it('reads instants in India time whatever the device zone', () => {
    // 20:00 UTC is 01:30 the next day in India.
    const lateEvening = '2025-11-21T20:00:00Z';
    expect(formatDate(lateEvening)).toBe('22 Nov 2025');
    expect(formatDateTime(lateEvening)).toBe('22 Nov 2025, 1:30 am IST');
    expect(indiaDate(new Date(lateEvening))).toBe('2025-11-22');
  });

  it('shows an instant that is not a date as it was sent', () => {
    expect(formatDateTime('yesterday evening')).toBe('yesterday evening');
  });
});

describe('formats in each language', () => {
  // 04:35 UTC is 10:05 in India.
  const morning = '2025-11-22T04:35:00Z';

  it.each(['en', 'hi', 'ta'] as const)(
    '%s writes rupees with Indian digit grouping and the rupee sign',
    (language) => {
      const formats = formatsFor(language, 'IST');
      expect(formats.paise(12_345_650)).toBe('₹1,23,456.50');
      expect(formats.price(2999)).toBe('₹2,999');
      expect(formats.rupees('1500.5')).toBe('₹1,500.50');
    },
  );

  it('writes dates in Hindi as hi-IN does, in India time', () => {
    const hindi = formatsFor('hi', 'भारतीय समय');
    expect(hindi.date(morning)).toBe('22 नव॰ 2025');
    // The part of the day in words, not a Latin am/pm (decision 112).
    expect(hindi.dateTime(morning)).toBe('22 नव॰ 2025, सुबह 10:05 भारतीय समय');
    expect(hindi.dateTime('2025-11-22T14:30:00Z')).toBe('22 नव॰ 2025, रात 8:00 भारतीय समय');
    expect(hindi.calendarDate('2025-06-30')).toBe('30 जून 2025');
  });

  it('writes dates in Tamil as ta-IN does, in India time', () => {
    const tamil = formatsFor('ta', 'இந்திய நேரம்');
    expect(tamil.date(morning)).toBe('22 நவ., 2025');
    expect(tamil.dateTime(morning)).toBe('22 நவ., 2025, காலை 10:05 இந்திய நேரம்');
    expect(tamil.dateTime('2025-11-22T10:30:00Z')).toBe('22 நவ., 2025, மாலை 4:00 இந்திய நேரம்');
    expect(tamil.calendarDate('2025-06-30')).toBe('30 ஜூன், 2025');
  });

  it('gives components the formats of the language the site speaks', () => {
    const { result } = renderHook(() => useFormat());
    expect(result.current).toBe(formatsFor('en', 'IST'));
  });
});
