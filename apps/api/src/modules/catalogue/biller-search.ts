import MiniSearch from 'minisearch';

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
 */
const RANK = { exact: 0, start: 2, wordStarts: 4, anywhere: 6, words: 8 } as const;
const RANKS = 9;

/** Billers found with the text as typed from which no typos are looked for (decision 070). */
const ENOUGH_AS_TYPED = 20;

interface Entry {
  biller: SearchableBiller;
  /** Position in name order over the whole catalogue: ties within a rank keep it. */
  order: number;
  nameKey: string;
  aliasKeys: string[];
}

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
  grams: Grams;
}

const LINE = '\n';

const keysOf = (entry: Entry) => [entry.nameKey, ...entry.aliasKeys];

function haystackOf(entries: Entry[]): Haystack {
  const starts: number[] = [];
  let text = '';
  for (const entry of entries) {
    starts.push(text.length);
    text += keysOf(entry).join(LINE) + LINE;
  }
  return { text, starts, entries, grams: gramsOf(entries) };
}

function gramsOf(entries: Entry[]): Grams {
  const lists = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const key of keysOf(entry)) {
      for (let from = 0; from + GRAM <= key.length; from += 1) {
        const gram = key.slice(from, from + GRAM);
        const list = lists.get(gram);
        if (!list) lists.set(gram, [index]);
        // An entry is listed once per piece, however often its keys hold it.
        else if (list[list.length - 1] !== index) list.push(index);
      }
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

function holds(entry: Entry, needle: string): boolean {
  if (entry.nameKey.includes(needle)) return true;
  for (const alias of entry.aliasKeys) if (alias.includes(needle)) return true;
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
    if (holds(entry, needle)) found.push(entry);
  }
  return found;
}

/** What a search looks for: the normalised text, its words, and the text as a word start. */
interface Needle {
  text: string;
  words: string[];
  wordStart: string;
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

/** A search index over the catalogue's active billers, immutable once built. */
export class BillerSearchIndex {
  private readonly entries: Entry[];
  private readonly everything: Haystack;
  private readonly byCategory = new Map<string, { haystack: Haystack; words: Words }>();

  constructor(billers: SearchableBiller[]) {
    const sorted = [...billers].sort(
      (a, b) =>
        compare(a.billerName.toLowerCase(), b.billerName.toLowerCase()) || compare(a.billerId, b.billerId),
    );
    this.entries = sorted.map((biller, order) => ({
      biller,
      order,
      nameKey: searchKey(biller.billerName),
      aliasKeys: biller.aliases.map(searchKey).filter((alias) => alias !== ''),
    }));
    this.everything = haystackOf(this.entries);
    const grouped = new Map<string, Entry[]>();
    for (const entry of this.entries) {
      const list = grouped.get(entry.biller.category) ?? [];
      list.push(entry);
      grouped.set(entry.biller.category, list);
    }
    for (const [category, list] of grouped) {
      this.byCategory.set(category, { haystack: haystackOf(list), words: wordsOf(list) });
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Billers matching `query`, of one category or of all: every one whose name (or alias) contains
   * it, ranked exact, starts with, word starts, anywhere; then, when those are few, the ones whose
   * words match each query word allowing for typos, best match first. Ties keep name order.
   */
  search(query: { q: string; category?: string; limit?: number; offset?: number }): SearchPage {
    const text = searchKey(query.q);
    const { ranked, costly } =
      text === ''
        ? { ranked: this.punctuation(query.q.trim().toLowerCase(), query.category), costly: true }
        : this.ranked(text, query.category);
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

  private ranked(text: string, category: string | undefined): { ranked: Entry[]; costly: boolean } {
    const haystack = this.haystackOf(category);
    if (!haystack) return { ranked: [], costly: false };
    const needle = { text, words: text.split(' '), wordStart: ` ${text}` };
    const found = substringMatches(haystack, text);
    // A substring is all a single short word can match (its word starts are substrings too); and
    // text found as typed in many billers is what the person meant, typos are looked for when it is rare.
    const wordsCouldAdd = needle.words.length > 1 || typosAllowed(text) > 0;
    // A text found nowhere (most of what is typed on the way to a name) has nothing to rank.
    if (found.length === 0 && !wordsCouldAdd) return { ranked: found, costly: false };
    const buckets: Entry[][] = Array.from({ length: RANKS }, () => []);
    for (const entry of found) buckets[entryRank(entry, needle)]?.push(entry);
    if (!wordsCouldAdd || found.length >= ENOUGH_AS_TYPED) return { ranked: buckets.flat(), costly: false };
    const seen = new Set(found.map((entry) => entry.order));
    const one = category === undefined ? undefined : this.byCategory.get(category);
    const indexes = one ? [one.words] : [...this.byCategory.values()].map((each) => each.words);
    const wordMatches = indexes
      .flatMap((words) => words.search(text))
      .filter((result) => !seen.has(result.id))
      .sort((a, b) => b.score - a.score);
    for (const result of wordMatches) {
      const entry = this.entries[result.id] as Entry;
      buckets[entryRank(entry, needle)]?.push(entry);
    }
    // The last rank stays in MiniSearch's order; the others go back to name order.
    for (const bucket of buckets.slice(0, RANK.words)) bucket.sort(byOrder);
    return { ranked: buckets.flat(), costly: true };
  }
}

const byOrder = (a: Entry, b: Entry) => a.order - b.order;

function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
