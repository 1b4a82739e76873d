import { describe, expect, it } from 'vitest';
import { pickLanguage, preferredLanguages } from './languages.ts';

describe('pickLanguage', () => {
  it('takes the first supported language, region ignored', () => {
    expect(pickLanguage(['fr-FR', 'ta-IN', 'hi'])).toBe('ta');
    expect(pickLanguage(['HI-in'])).toBe('hi');
  });

  it('falls back to English when nothing is supported', () => {
    expect(pickLanguage(['fr', 'de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('preferredLanguages', () => {
  it('orders by weight, keeping header order among equals, and drops q=0 and *', () => {
    expect(preferredLanguages('en;q=0.5, ta-IN, hi;q=0.8, fr;q=0, *;q=0.1')).toEqual(['ta-IN', 'hi', 'en']);
  });

  it('reads a missing or malformed header as no preference', () => {
    expect(preferredLanguages(undefined)).toEqual([]);
    expect(preferredLanguages(' , ;q=1')).toEqual([]);
    expect(pickLanguage(preferredLanguages('hi;q=abc, ta'))).toBe('ta');
  });
});
