import MiniSearch from 'minisearch';
import { categoriesNamedBy, hasIndicLetters, latinWordOf } from './indic-script.ts';
import {
  nearestLoosely,
  nearestUndoubled,
  SoundIndex,
  wordsOf as soundWordsOf,
  togetherKeys,
} from './sound-index.ts';
import { soundKey } from './sound-key.ts';

/**
 * Biller search in memory (decision 070): every active biller's name and aliases, normalised, in
 * one text per category that a substring search scans natively, and in a MiniSearch index for what
 * a substring cannot find (typos, words out of order). Built from the catalogue after each sync.
 */

/** A biller as the search sees it; `json` is its answer, serialised once when the index is built. */
export interface SearchableBiller {
  billerId: string;
  billerName: string;
  category: string;
  aliases: string[];
  json: string;
}

/** Matches of a search, best first, a page of them, and how many there are in all. */
export interface SearchPage {
  billers: SearchableBiller[];
  total: number;
  /**
   * Found by more than the index's pieces: typos and words were looked for (up to milliseconds at
   * 100,000 billers), or every name was read (punctuation). Worth keeping for a repeat.
   */
  costly: boolean;
}

/**
 * The text a search compares: accents, case and punctuation dropped, spaces collapsed. Dots and
 * apostrophes join ("B.E.S.T" is "best"), other punctuation separates words ("Power-DDL").
 * Each character maps on its own, so a substring of a name stays a substring of its key.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Typos forgiven in a query word: none under five letters, one up to seven, two from eight. */
function typosAllowed(word: string): number {
  if (word.length >= 8) return 2;
  return word.length >= 5 ? 1 : 0;
}

/**
 * Ranks, best first. Each kind of match on the name comes just before the same kind on an alias
 * ("tneb" is exactly an alias of Tamil Nadu Electricity Board (TNEB), after any biller named TNEB).
 * Then what the text as typed does not hold (decision 117): the text found with its words run
 * together ("tamilnadu", "air tel"), its words with typos, and last its words by their sound.
 */
const RANK = { exact: 0, start: 2, wordStarts: 4, anywhere: 6, together: 8, words: 11, sounds: 12 } as const;
const RANKS = 13;

/** Billers found with the text as typed from which no typos are looked for (decision 070). */
const ENOUGH_AS_TYPED = 20;

interface Entry {
  biller: SearchableBiller;
  /** Position in name order over the whole catalogue: ties within a rank keep it. */
  order: number;
  nameKey: string;
  aliasKeys: string[];
  /** The name's key, then the aliases'. */
  keys: string[];
}

/** The shortest text looked for with its words run together: shorter ones would match by chance. */
const TOGETHER_MIN = 5;

/**
 * The length of the pieces of text the index keeps. A query this long or longer is looked up; a
 * shorter one is scanned for (it matches most billers of a category anyway).
 */
const GRAM = 3;

/**
 * Where each GRAM-character piece of the entries' keys occurs, compactly: `at` gives a piece's
 * offset in `postings`, which holds there how many entries have it and then those entries (indexes
 * into `entries`, ascending, so in name order). One array for every piece, because a typed array
 * per piece would cost more than its entries.
 */
interface Grams {
  at: Map<string, number>;
  postings: Int32Array;
}

/** Billers' normalised names and aliases: one per line, scanned with `indexOf`, and by piece. */
interface Haystack {
  text: string;
  /** Where each entry's lines begin in `text`, ascending; `entries[i]` begins at `starts[i]`. */
  starts: number[];
  entries: Entry[];
  /** The pieces of the keys as written and of the keys run together (decision 117). */
  grams: Grams;
  /** The keys of an entry a match is looked for in: as written, or with their words run together. */
  keysOf: (entry: Entry) => string[];
}

const LINE = '\n';

function haystackOf(entries: Entry[]): Haystack {
  const starts: number[] = [];
  let text = '';
  for (const entry of entries) {
    starts.push(text.length);
    text += entry.keys.join(LINE) + LINE;
  }
  return { text, starts, entries, grams: gramsOf(entries), keysOf: keysAsWritten };
}

/**
 * The same billers, matched on their keys run together ("tamilnaduelectricityboardtneb"). Such a
 * text is at least TOGETHER_MIN long, so always looked up by its pieces, which the haystack holds
 * too: pieces that cross a space only add billers the check then drops.
 */
const togetherOf = (haystack: Haystack): Haystack => ({ ...haystack, keysOf: togetherKeys });

const keysAsWritten = (entry: Entry) => entry.keys;

function gramsOf(entries: Entry[]): Grams {
  const lists = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const put = (gram: string) => {
      const list = lists.get(gram);
      if (!list) lists.set(gram, [index]);
      // An entry is listed once per piece, however often its keys hold it.
      else if (list[list.length - 1] !== index) list.push(index);
    };
    for (const key of entry.keys) {
      for (let from = 0; from + GRAM <= key.length; from += 1) put(key.slice(from, from + GRAM));
      for (const gram of joinedGrams(key)) put(gram);
    }
  });
  let size = 0;
  for (const list of lists.values()) size += 1 + list.length;
  const postings = new Int32Array(size);
  const at = new Map<string, number>();
  let offset = 0;
  for (const [gram, list] of lists) {
    at.set(gram, offset);
    postings[offset] = list.length;
    postings.set(list, offset + 1);
    offset += 1 + list.length;
  }
  return { at, postings };
}

/**
 * The pieces of a key's words run together that cross where a space was ("tamil nadu": "iln", "lna"):
 * the key's own pieces hold the others already.
 */
function joinedGrams(key: string): string[] {
  const together = key.replaceAll(' ', '');
  const grams: string[] = [];
  let joint = 0;
  for (const word of key.split(' ').slice(0, -1)) {
    joint += word.length;
    for (
      let from = Math.max(0, joint - GRAM + 1);
      from < joint && from + GRAM <= together.length;
      from += 1
    ) {
      grams.push(together.slice(from, from + GRAM));
    }
  }
  return grams;
}

type Words = MiniSearch<{ id: number; name: string; aliases: string }>;

/** The words of billers' names and aliases; one index per category, so that a fuzzy search walks one category's words. */
function wordsOf(entries: Entry[]): Words {
  const words: Words = new MiniSearch({
    fields: ['name', 'aliases'],
    tokenize: (text) => text.split(' '),
    // The texts are search keys already.
    processTerm: (term) => term || null,
    // Every word but the last is complete; the last may be still being typed.
    searchOptions: {
      combineWith: 'AND',
      prefix: (_term, index, terms) => index === terms.length - 1,
      fuzzy: typosAllowed,
      maxFuzzy: 2,
    },
  });
  words.addAll(
    entries.map((entry) => ({ id: entry.order, name: entry.nameKey, aliases: entry.aliasKeys.join(' ') })),
  );
  return words;
}

/** The entry whose lines hold `position`: the last start at or before it. */
function entryAt(haystack: Haystack, position: number): number {
  let low = 0;
  let high = haystack.starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((haystack.starts[middle] as number) <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Every entry with `needle` in its name or an alias, each once, in name order. */
function substringMatches(haystack: Haystack, needle: string): Entry[] {
  return needle.length < GRAM ? scanFor(haystack, needle) : lookUp(haystack, needle);
}

/** `substringMatches` by scanning the whole text: for a needle shorter than a piece. */
function scanFor(haystack: Haystack, needle: string): Entry[] {
  const found: Entry[] = [];
  let last = -1;
  let from = 0;
  for (;;) {
    const position = haystack.text.indexOf(needle, from);
    if (position < 0) return found;
    const index = entryAt(haystack, position);
    if (index !== last) found.push(haystack.entries[index] as Entry);
    last = index;
    // The next entry's lines: one match per entry is enough.
    from = haystack.starts[index + 1] ?? haystack.text.length;
  }
}

function holds(keys: string[], needle: string): boolean {
  for (const key of keys) if (key.includes(needle)) return true;
  return false;
}

/**
 * `substringMatches` from the pieces: only the entries holding the needle's rarest piece can hold
 * the needle, and a needle with a piece no entry holds is found nowhere. A scan of a large category
 * cost more than everything else in answering a new query (decision 085).
 */
function lookUp(haystack: Haystack, needle: string): Entry[] {
  const { at, postings } = haystack.grams;
  let rarest = -1;
  for (let from = 0; from + GRAM <= needle.length; from += 1) {
    const offset = at.get(needle.slice(from, from + GRAM));
    if (offset === undefined) return [];
    if (rarest < 0 || (postings[offset] as number) < (postings[rarest] as number)) rarest = offset;
  }
  const found: Entry[] = [];
  const end = rarest + 1 + (postings[rarest] as number);
  for (let index = rarest + 1; index < end; index += 1) {
    const entry = haystack.entries[postings[index] as number] as Entry;
    if (holds(haystack.keysOf(entry), needle)) found.push(entry);
  }
  return found;
}

/** A word of a search, and the categories it names ("बिजली", Electricity), if it names any. */
interface NeedleWord {
  word: string;
  categories?: string[];
}

/** What a search looks for: the normalised text, its words, the text as a word start, and run together. */
interface Needle {
  text: string;
  words: string[];
  wordStart: string;
  together: string;
  /** The words with the categories they name; typed in Devanagari or Tamil script (`indic`). */
  named: NeedleWord[];
  indic: boolean;
}

/**
 * The needle of a query: Latin text as its search key; Devanagari or Tamil words written in Latin
 * first (decision 117), each keeping the categories it names. Undefined for punctuation alone.
 */
function needleOf(query: string): Needle | undefined {
  const indic = hasIndicLetters(query);
  const named: NeedleWord[] = indic
    ? query
        .split(/\s+/)
        .flatMap((typed) =>
          searchKey(latinWordOf(typed))
            .split(' ')
            .map((word) => ({ word, categories: categoriesNamedBy(typed) })),
        )
        .filter(({ word }) => word !== '')
    : searchKey(query)
        .split(' ')
        .filter((word) => word !== '')
        .map((word) => ({ word }));
  if (named.length === 0) return undefined;
  const words = named.map(({ word }) => word);
  const text = words.join(' ');
  return { text, words, wordStart: ` ${text}`, together: words.join(''), named, indic };
}

function rankOf(key: string, needle: Needle): number {
  if (key === needle.text) return RANK.exact;
  if (key.startsWith(needle.text)) return RANK.start;
  if (key.includes(needle.wordStart)) return RANK.wordStarts;
  if (needle.words.length > 1) {
    const keyWords = key.split(' ');
    if (needle.words.every((word) => keyWords.some((keyWord) => keyWord.startsWith(word))))
      return RANK.wordStarts;
  }
  return key.includes(needle.text) ? RANK.anywhere : RANK.words;
}

function entryRank(entry: Entry, needle: Needle): number {
  let best = rankOf(entry.nameKey, needle);
  for (const alias of entry.aliasKeys) best = Math.min(best, rankOf(alias, needle) + 1);
  return Math.min(best, RANK.words);
}

/** The rank of a biller found with the words run together: whole, at the start, or within. */
function togetherRank(entry: Entry, together: string): number {
  const keys = togetherKeys(entry);
  if (keys.includes(together)) return RANK.together;
  const starts = keys.some((key) => key.startsWith(together));
  return RANK.together + (starts ? 1 : 2);
}

/** One category's parts of the index. */
interface Category {
  entries: Entry[];
  haystack: Haystack;
  together: Haystack;
  words: Words;
  sounds: SoundIndex;
}

/** A search index over the catalogue's active billers, immutable once built. */
export class BillerSearchIndex {
  private readonly entries: Entry[];
  private readonly everything: Haystack;
  private readonly byCategory = new Map<string, Category>();

  constructor(billers: SearchableBiller[]) {
    const sorted = [...billers].sort(
      (a, b) =>
        compare(a.billerName.toLowerCase(), b.billerName.toLowerCase()) || compare(a.billerId, b.billerId),
    );
    this.entries = sorted.map((biller, order) => entryOf(biller, order));
    this.everything = haystackOf(this.entries);
    const grouped = new Map<string, Entry[]>();
    for (const entry of this.entries) {
      const list = grouped.get(entry.biller.category) ?? [];
      list.push(entry);
      grouped.set(entry.biller.category, list);
    }
    for (const [category, list] of grouped) {
      const haystack = haystackOf(list);
      this.byCategory.set(category, {
        entries: list,
        haystack,
        together: togetherOf(haystack),
        words: wordsOf(list),
        sounds: new SoundIndex(list),
      });
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Billers matching `query`, of one category or of all: every one whose name (or alias) contains
   * it, ranked exact, starts with, word starts, anywhere; then, when those are few, the ones holding
   * it with its words run together, the ones whose words match each query word allowing for typos,
   * best match first, and the ones whose words sound like them. Ties keep name order.
   */
  search(query: { q: string; category?: string; limit?: number; offset?: number }): SearchPage {
    const needle = needleOf(query.q);
    const { ranked, costly } = needle
      ? this.ranked(needle, query.category)
      : { ranked: this.punctuation(query.q.trim().toLowerCase(), query.category), costly: true };
    const offset = query.offset ?? 0;
    const end = query.limit === undefined ? undefined : offset + query.limit;
    const billers = ranked.slice(offset, end).map((entry) => entry.biller);
    return { billers, total: ranked.length, costly };
  }

  /** A search of punctuation alone ("%", "-"): the names holding it as typed, in name order. */
  private punctuation(typed: string, category: string | undefined): Entry[] {
    const haystack = this.haystackOf(category);
    return (haystack?.entries ?? []).filter((entry) => entry.biller.billerName.toLowerCase().includes(typed));
  }

  private haystackOf(category: string | undefined): Haystack | undefined {
    return category === undefined ? this.everything : this.byCategory.get(category)?.haystack;
  }

  /** The categories a search reads: the one asked for, or every one. */
  private categoriesOf(category: string | undefined): Category[] {
    if (category === undefined) return [...this.byCategory.values()];
    const one = this.byCategory.get(category);
    return one ? [one] : [];
  }

  private ranked(needle: Needle, category: string | undefined): { ranked: Entry[]; costly: boolean } {
    const haystack = this.haystackOf(category);
    if (!haystack) return { ranked: [], costly: false };
    const found = substringMatches(haystack, needle.text);
    // A substring is all a single short word can match (its word starts are substrings too); and
    // text found as typed in many billers is what the person meant, more is looked for when it is rare.
    const wordsCouldAdd = needle.words.length > 1 || typosAllowed(needle.text) > 0 || needle.indic;
    // A text found nowhere (most of what is typed on the way to a name) has nothing to rank.
    if (found.length === 0 && !wordsCouldAdd) return { ranked: found, costly: false };
    const buckets: Entry[][] = Array.from({ length: RANKS }, () => []);
    for (const entry of found) buckets[entryRank(entry, needle)]?.push(entry);
    if (!wordsCouldAdd || found.length >= ENOUGH_AS_TYPED) return { ranked: buckets.flat(), costly: false };
    const seen = new Set(found.map((entry) => entry.order));
    const add = (entry: Entry, rank: number) => {
      if (seen.has(entry.order)) return;
      seen.add(entry.order);
      buckets[rank]?.push(entry);
    };
    const categories = this.categoriesOf(category);
    for (const entry of this.together(needle, categories)) add(entry, togetherRank(entry, needle.together));
    for (const entry of this.typos(needle, categories)) add(entry, entryRank(entry, needle));
    for (const entry of this.sounding(needle, categories, category, seen)) add(entry, RANK.sounds);
    // The typos' and the sounds' ranks keep their own order; the others go back to name order.
    for (const bucket of buckets.slice(0, RANK.words)) bucket.sort(byOrder);
    return { ranked: buckets.flat(), costly: true };
  }

  /** Billers holding the text with its words run together, or holding it run together ("tamilnadu"). */
  private together(needle: Needle, categories: Category[]): Entry[] {
    if (needle.together.length < TOGETHER_MIN) return [];
    return categories.flatMap((one) => substringMatches(one.together, needle.together));
  }

  /**
   * Billers whose words match each word of the text allowing for typos, best first: a name that
   * begins with the first word (typos allowed) before one that has it later, as for the text as
   * typed ("inden": Indane Gas before Annapurna Indane Distributors), then MiniSearch's score.
   */
  private typos(needle: Needle, categories: Category[]): Entry[] {
    return categories
      .flatMap((one) => one.words.search(needle.text))
      .map((result) => ({ entry: this.entries[result.id] as Entry, score: result.score }))
      .map((found) => ({ ...found, begins: beginsWithFirstWord(found.entry, needle) }))
      .sort((a, b) => Number(b.begins) - Number(a.begins) || b.score - a.score)
      .map(({ entry }) => entry);
  }

  /**
   * Billers with a word sounding like each word of the text (decision 117), or of a category a word
   * names, nearest first. Typed in Latin, a word must still be within its typos of the biller's.
   */
  private sounding(
    needle: Needle,
    categories: Category[],
    category: string | undefined,
    seen: Set<number>,
  ): Entry[] {
    const looks = needle.named.map((named) => lookFor(named, categories, category));
    // The rarest word finds the billers; the others are checked on those, or looked up when rare too.
    const required = looks.filter((look) => !look.everywhere).sort((a, b) => a.count - b.count);
    let candidates: Set<number> | undefined;
    for (const look of required) {
      if (candidates && look.count > CHECK_RATHER_THAN_LOOK_UP * candidates.size) {
        candidates = new Set([...candidates].filter((order) => this.answersTo(order, look)));
      } else {
        const matching = this.billersAnswering(look, categories);
        candidates = candidates ? intersection(candidates, matching) : matching;
      }
    }
    const orders = candidates ?? categories.flatMap((one) => one.entries.map((entry) => entry.order));
    // A word naming a category still puts the billers whose names say it first.
    const saying = looks.map((look) =>
      look.categories.length > 0 ? this.billersSaying(look, categories) : undefined,
    );
    const scored: { entry: Entry; distance: number; begins: boolean }[] = [];
    for (const order of orders) {
      if (seen.has(order)) continue;
      const entry = this.entries[order] as Entry;
      const distance = soundDistance(entry, needle, saying);
      if (distance !== undefined)
        scored.push({ entry, distance, begins: beginsWithFirstWord(entry, needle) });
    }
    scored.sort(
      (a, b) =>
        a.distance - b.distance || Number(b.begins) - Number(a.begins) || a.entry.order - b.entry.order,
    );
    return scored.map(({ entry }) => entry);
  }

  /** The billers whose words sound like the look's word. */
  private billersSaying(look: Look, categories: Category[]): Set<number> {
    const found = new Set<number>();
    for (const one of categories) one.sounds.collect(look.key, look.prefix, found);
    return found;
  }

  /** The billers whose words sound like the look's word, or of a category it names. */
  private billersAnswering(look: Look, categories: Category[]): Set<number> {
    const found = this.billersSaying(look, categories);
    for (const name of look.categories) {
      for (const entry of this.byCategory.get(name)?.entries ?? []) found.add(entry.order);
    }
    return found;
  }

  private answersTo(order: number, look: Look): boolean {
    const entry = this.entries[order] as Entry;
    if (look.categories.includes(entry.biller.category)) return true;
    return soundWordsOf(entry).some((word) => {
      const key = soundKey(word);
      return key === look.key || (look.prefix && key.startsWith(look.key));
    });
  }
}

/**
 * Above this many times the billers already found, a word's billers are not looked up but each
 * found one is checked for the word: a short sound ("tl") begins the words of thousands of billers.
 */
const CHECK_RATHER_THAN_LOOK_UP = 8;

/** A word of the text as the sound search looks for it. */
interface Look {
  key: string;
  /** Whether a word beginning with the key matches: a key of one sound only matches whole words. */
  prefix: boolean;
  /** The categories searched that the word names: their billers answer to it. */
  categories: string[];
  /** Every biller searched answers to it: the search is of a category it names. */
  everywhere: boolean;
  /** How many billers, at most, have a word sounding like it. */
  count: number;
}

function lookFor(named: NeedleWord, categories: Category[], category: string | undefined): Look {
  const key = soundKey(named.word);
  const prefix = key.length >= 2;
  const names = (named.categories ?? []).filter((name) => category === undefined || name === category);
  let count = 0;
  for (const one of categories) count += one.sounds.count(key, prefix);
  return { key, prefix, categories: names, everywhere: category !== undefined && names.length > 0, count };
}

/**
 * How far a biller's words are from the needle's, spelt loosely, word by word; a word that names the
 * biller's category counts as near, and one the biller's words do not say (`saying`) as one edit.
 * Undefined when a Latin word is further than its typos allow.
 */
function soundDistance(
  entry: Entry,
  needle: Needle,
  saying: (Set<number> | undefined)[],
): number | undefined {
  let words: string[] | undefined;
  let total = 0;
  for (const [index, { word, categories }] of needle.named.entries()) {
    const said = saying[index];
    if (said && !said.has(entry.order)) {
      total += 1;
      continue;
    }
    words ??= soundWordsOf(entry);
    if (!needle.indic && nearestUndoubled(word, words) > typosAllowed(word)) return undefined;
    const distance = nearestLoosely(word, words);
    total += categories?.includes(entry.biller.category) ? Math.min(distance, 1) : distance;
  }
  return total;
}

/**
 * Whether the biller's name (or an alias) begins with the needle's first word, spelt loosely and
 * within a typo: such a name comes first among equals, as a name start does for the text as typed.
 */
function beginsWithFirstWord(entry: Entry, needle: Needle): boolean {
  const first = needle.words[0] as string;
  const allowed = Math.max(1, typosAllowed(first));
  return entry.keys.some((key) => nearestLoosely(first, [key.split(' ', 1)[0] as string]) <= allowed);
}

function entryOf(biller: SearchableBiller, order: number): Entry {
  const nameKey = searchKey(biller.billerName);
  const aliasKeys = biller.aliases.map(searchKey).filter((alias) => alias !== '');
  const keys = [nameKey, ...aliasKeys];
  return { biller, order, nameKey, aliasKeys, keys };
}

function intersection(a: Set<number>, b: Set<number>): Set<number> {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  return new Set([...small].filter((each) => large.has(each)));
}

const byOrder = (a: Entry, b: Entry) => a.order - b.order;

function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
