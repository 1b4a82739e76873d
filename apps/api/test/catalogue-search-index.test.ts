import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BillerSearchIndex,
  type SearchableBiller,
  searchKey,
} from '../src/modules/catalogue/biller-search.ts';

/**
 * The index finds a text by its three-letter pieces and scans only for shorter texts (decision 085).
 * Whichever way, a search must find exactly the billers whose name or alias contains the text (the
 * spec's rule), as a plain scan of every biller would: checked here against that scan on made-up
 * catalogues whose names share many pieces.
 */
const WORDS = [
  'power',
  'pow',
  'owe',
  'Électricité',
  'gas',
  'tata',
  'adani',
  'B.E.S.T',
  'Power-DDL',
  'wer',
  'o',
];
const CATEGORIES = ['Electricity', 'Piped Gas'];

const billerArbitrary = fc.record({
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
  aliases: fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }), { maxLength: 2 }),
  category: fc.constantFrom(...CATEGORIES),
});

const catalogueArbitrary = fc
  .array(billerArbitrary, { minLength: 1, maxLength: 40 })
  .map((drawn): SearchableBiller[] =>
    drawn.map((each, index) => ({
      billerId: `B${index}`,
      billerName: `${each.words.join(' ')} ${index}`,
      category: each.category,
      aliases: each.aliases.map((words) => words.join(' ')),
      json: '{}',
    })),
  );

/** A text to search: a piece of a word of the catalogue, or letters and spaces at random. */
const textArbitrary = fc.oneof(
  fc
    .tuple(fc.constantFrom(...WORDS), fc.nat(), fc.integer({ min: 1, max: 6 }))
    .map(([word, from, length]) => word.slice(from % word.length, (from % word.length) + length)),
  fc.string({ unit: fc.constantFrom(...'aeilnoprstw .'), minLength: 1, maxLength: 6 }),
);

/** The billers a scan of every name and alias finds, in catalogue order. */
function scanned(billers: SearchableBiller[], text: string, category?: string): string[] {
  const key = searchKey(text);
  return billers
    .filter((biller) => category === undefined || biller.category === category)
    .filter((biller) => [biller.billerName, ...biller.aliases].some((name) => searchKey(name).includes(key)))
    .map((biller) => biller.billerId);
}

const sorted = (ids: string[]) => [...ids].sort();

describe('the search index', () => {
  it('finds every biller containing the text, in one category or all, by piece or by scan', () => {
    fc.assert(
      fc.property(
        catalogueArbitrary,
        textArbitrary,
        fc.constantFrom(undefined, ...CATEGORIES),
        (billers, text, category) => {
          fc.pre(searchKey(text) !== '');
          const found = new BillerSearchIndex(billers).search({ q: text, category });
          const ids = found.billers.map((biller) => biller.billerId);
          const expected = scanned(billers, text, category);
          // Every contained text is found; a text that could also match with typos or words out of
          // order (five letters, or two words) may find more.
          expect(ids).toEqual(expect.arrayContaining(expected));
          const key = searchKey(text);
          if (key.length < 5 && !key.includes(' ')) {
            expect(sorted(ids)).toEqual(sorted(expected));
            expect(found.total).toBe(expected.length);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('finds nothing for a text whose piece no biller holds, and a long text by its rarest piece', () => {
    const billers: SearchableBiller[] = [
      {
        billerId: 'A',
        billerName: 'Tata Power - Delhi',
        category: 'Electricity',
        aliases: ['TPDDL'],
        json: '{}',
      },
      { billerId: 'B', billerName: 'Tata Power - Mumbai', category: 'Electricity', aliases: [], json: '{}' },
      { billerId: 'C', billerName: 'Torrent Power', category: 'Electricity', aliases: [], json: '{}' },
    ];
    const index = new BillerSearchIndex(billers);
    const ids = (q: string) =>
      index.search({ q, category: 'Electricity' }).billers.map((each) => each.billerId);
    expect(ids('zzz')).toEqual([]);
    // Its pieces "owe", "wer" and "er " are in every name; all of them together in one name only.
    expect(ids('ower delh')).toEqual(['A']);
    expect(ids('tpddl')).toEqual(['A']);
    expect(ids('power')).toEqual(['A', 'B', 'C']);
    // No text spans a name and an alias: these two words are found as words, not as one text.
    expect(ids('delhi tpddl')).toEqual(['A']);
    expect(index.search({ q: 'delhi tpddl', category: 'Electricity' }).total).toBe(1);
    // Only a search that looked for typos or words is worth keeping for a repeat.
    expect(index.search({ q: 'powe', category: 'Electricity' }).costly).toBe(false);
    expect(index.search({ q: 'torent', category: 'Electricity' }).costly).toBe(true);
  });
});
