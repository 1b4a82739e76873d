/**
 * How a word sounds, loosely, for the biller search (decision 117): its consonants by kind, vowels
 * left out but for one that begins the word. Two spellings of one name share a key where they differ
 * in vowels and their length ("पावर" "pavar" and "power"), aspiration ("dh", "d"), voicing (Tamil
 * writes "d" and "t" alike: "அதானி" "atani", Adani) or doubled letters ("torent"), or in English
 * spellings of one sound ("fibre", "fiber"; "jio", "ஜியோ").
 */

/** Pairs of letters written for one sound, read before single letters. */
const PAIRS: Record<string, string> = {
  ph: 'p',
  kh: 'k',
  gh: 'k',
  ch: 's',
  jh: 's',
  sh: 's',
  zh: 'l',
  th: 't',
  dh: 't',
  bh: 'p',
  ck: 'k',
};

/** The kind of each consonant: voiced and voiceless together, the hissing sounds together. */
const KINDS: Record<string, string> = {
  b: 'p',
  p: 'p',
  f: 'p',
  d: 't',
  t: 't',
  g: 'k',
  k: 'k',
  q: 'k',
  j: 's',
  s: 's',
  z: 's',
  x: 'ks',
  l: 'l',
  r: 'r',
  m: 'm',
  n: 'n',
  v: 'v',
  w: 'v',
};

const VOWEL = /[aeiouy]/;
/** "c" before these sounds "s" ("electricity"); elsewhere "k" ("cable"). */
const SOFTENS_C = /[eiy]/;

/** The kind of the letter (or pair) at `index`, how many letters it took, or '' for a vowel or h. */
function soundAt(word: string, index: number): { kind: string; length: number } {
  const pair = PAIRS[word.slice(index, index + 2)];
  if (pair !== undefined) return { kind: pair, length: 2 };
  const letter = word[index] as string;
  if (letter === 'c') return { kind: SOFTENS_C.test(word[index + 1] ?? '') ? 's' : 'k', length: 1 };
  return { kind: KINDS[letter] ?? (/[0-9]/.test(letter) ? letter : ''), length: 1 };
}

/**
 * The key of one word of a search key (lower-case Latin letters and digits). A word that begins with
 * a vowel (or h and a vowel) keeps one "a" for it, so "airtel" and "ertel" share "artl". A sound
 * said twice in a row counts once ("torrent"), but not across a vowel ("tata" keeps "tt"). An "m"
 * before a "p" or "b" is an "n" ("अंबे" "anbe", "Ambe").
 */
export function soundKey(word: string): string {
  let key = VOWEL.test(word.replace(/^h/, '')[0] ?? '') ? 'a' : '';
  let previous = '';
  for (let index = 0; index < word.length; ) {
    const { kind, length } = soundAt(word, index);
    index += length;
    if (kind === '') {
      // A vowel parts two sounds; an "h" does not (it is aspiration).
      if (word[index - 1] !== 'h') previous = '';
      continue;
    }
    const sound = kind === 'm' && /^[pb]/.test(word.slice(index)) ? 'n' : kind;
    if (sound !== previous) key += sound;
    previous = sound;
  }
  return key;
}

/**
 * Spelling written the way the sound key hears it, vowels kept: for telling apart the names that
 * share a key ("jio" is nearer "jiyo" than "joy").
 */
export function loosely(word: string): string {
  return word
    .replace(/([bcdgjkpst])h/g, '$1')
    .replace(/w/g, 'v')
    .replace(/f/g, 'p')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** The word with each doubled letter once: a doubled letter is no typo ("gass", "torrant"). */
export function undoubled(word: string): string {
  return word.replace(/(.)\1+/g, '$1');
}

/**
 * The edits from one word to another: a letter added, dropped or changed, or two neighbours swapped
 * ("fibre", "fiber": one). Damerau's optimal string alignment, on short words.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let above = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const same = a[i - 1] === b[j - 1];
      let best = Math.min(
        (above[j - 1] as number) + (same ? 0 : 1),
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] as number) + 1);
      row.push(best);
    }
    before = above;
    above = row;
  }
  return above[b.length] as number;
}
