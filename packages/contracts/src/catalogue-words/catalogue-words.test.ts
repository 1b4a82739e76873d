import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.ts';
import { catalogueWordIn, catalogueWordList, catalogueWordsByLanguage } from './index.ts';

describe('the catalogue words', () => {
  it.each(LANGUAGES)('%s has every word of the service catalogue and no other', (language) => {
    expect(Object.keys(catalogueWordsByLanguage[language]).sort()).toEqual([...catalogueWordList].sort());
  });

  it("in English is the catalogue's own words", () => {
    expect(Object.entries(catalogueWordsByLanguage.en).filter(([english, word]) => word !== english)).toEqual(
      [],
    );
  });

  it.each(['hi', 'ta'] as const)(
    '%s writes each word in its own script, apart from brand names',
    (language) => {
      const script = language === 'hi' ? /\p{Script=Devanagari}/u : /\p{Script=Tamil}/u;
      const latinOnly = Object.values(catalogueWordsByLanguage[language]).filter(
        (word) => !script.test(word),
      );
      // Names people read in Latin letters in every language.
      expect(latinOnly.sort()).toEqual(['DTH', 'FASTag', 'NCMC', 'NPS']);
    },
  );

  it('names a category in the language, and leaves one the catalogue does not know as sent', () => {
    expect(catalogueWordIn('hi', 'Electricity')).toBe('बिजली');
    expect(catalogueWordIn('ta', 'Mobile Prepaid')).toBe('மொபைல் ப்ரீபெய்டு');
    expect(catalogueWordIn('en', 'Mobile Prepaid')).toBe('Mobile Prepaid');
    expect(catalogueWordIn('hi', 'Toll Tax')).toBe('Toll Tax');
  });
});
