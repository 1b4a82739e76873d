/**
 * Deterministic randomness: the same seed text always gives the same sequence, so the network
 * answers the same customer number with the same bill on every start and on every machine.
 */

/** 32-bit FNV-1a hash of a text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `length` characters drawn from `alphabet`. */
  chars(length: number, alphabet: string): string;
}

/** A mulberry32 generator seeded from the text. */
export function seededRandom(seed: string): Random {
  let state = hashText(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)] as (typeof items)[number],
    chance: (probability) => next() < probability,
    chars: (length, alphabet) => {
      let text = '';
      for (let index = 0; index < length; index += 1) text += alphabet[int(0, alphabet.length - 1)];
      return text;
    },
  };
}

export const DIGITS = '0123456789';
export const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
