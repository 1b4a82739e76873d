import { editDistance, loosely, soundKey, undoubled } from './sound-key.ts';

/** What the sound index reads of a biller: its place in name order and its search keys. */
export interface Sounded {
  order: number;
  keys: string[];
}

/**
 * A biller's keys of more than one word with their spaces taken out ("tamilnaduelectricityboardtneb"),
 * made when asked for: kept, they would cost more memory than the time they save.
 */
export function togetherKeys(entry: Sounded): string[] {
  return entry.keys.filter((key) => key.includes(' ')).map((key) => key.replaceAll(' ', ''));
}

/** A biller's words, and its keys run together ("tamilnadu…" for "தமிழ்நாடு"). */
export function wordsOf(entry: Sounded): string[] {
  return [...entry.keys.flatMap((key) => key.split(' ')), ...togetherKeys(entry)];
}

/**
 * The billers of one category by the sound keys of their words (decision 117): the distinct keys in
 * order, and for each the billers having it, as in the index's pieces (one array for every key).
 */
export class SoundIndex {
  private readonly keys: string[];
  /** `ids[starts[i]]` up to `ids[starts[i + 1]]` are the billers of `keys[i]`. */
  private readonly starts: Int32Array;
  private readonly ids: Int32Array;

  constructor(entries: Sounded[]) {
    const lists = new Map<string, number[]>();
    // Names share most of their words ("power", "limited"): each word's key is made once.
    const keys = new Map<string, string>();
    for (const entry of entries) {
      // Numbers are found as typed; their keys would only fill the index.
      for (const word of wordsOf(entry).filter((each) => !/[0-9]/.test(each))) {
        let key = keys.get(word);
        if (key === undefined) {
          key = soundKey(word);
          keys.set(word, key);
        }
        const list = lists.get(key);
        if (!list) lists.set(key, [entry.order]);
        else if (list[list.length - 1] !== entry.order) list.push(entry.order);
      }
    }
    this.keys = [...lists.keys()].sort();
    this.starts = new Int32Array(this.keys.length + 1);
    let size = 0;
    for (const list of lists.values()) size += list.length;
    this.ids = new Int32Array(size);
    let at = 0;
    this.keys.forEach((key, index) => {
      const list = lists.get(key) as number[];
      this.starts[index] = at;
      this.ids.set(list, at);
      at += list.length;
    });
    this.starts[this.keys.length] = at;
  }

  /** Adds to `into` the billers with a word whose key is `key` or, for a `prefix`, begins with it. */
  collect(key: string, prefix: boolean, into: Set<number>): void {
    const end = this.starts[this.lastOf(key, prefix)] as number;
    for (let at = this.starts[this.firstFrom(key)] as number; at < end; at += 1)
      into.add(this.ids[at] as number);
  }

  /** How many billers `collect` would add, counting one with two such words twice. */
  count(key: string, prefix: boolean): number {
    return (this.starts[this.lastOf(key, prefix)] as number) - (this.starts[this.firstFrom(key)] as number);
  }

  /** Past the last key that is `key` or, for a `prefix`, begins with it (in order, all come together). */
  private lastOf(key: string, prefix: boolean): number {
    if (prefix) return this.firstFrom(`${key}\uffff`);
    const first = this.firstFrom(key);
    return this.keys[first] === key ? first + 1 : first;
  }

  /** The first key at or after `key` in order. */
  private firstFrom(key: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.keys[middle] as string) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * How near a typed word comes to the nearest of `words`, whole or its beginning as long as the typed
 * word (it may be still being typed, or run together): edits between the two.
 */
export function nearest(typed: string, words: string[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const word of words) {
    best = Math.min(best, editDistance(typed, word), editDistance(typed, word.slice(0, typed.length)));
  }
  return best;
}

/** `nearest` with no letter doubled: how far a word typed in Latin is from a biller's, in typos. */
export function nearestUndoubled(typed: string, words: string[]): number {
  return nearest(undoubled(typed), words.map(undoubled));
}

/** `nearest` with both spelt loosely: how the sound search orders the billers it found. */
export function nearestLoosely(typed: string, words: string[]): number {
  return nearest(loosely(typed), words.map(loosely));
}
