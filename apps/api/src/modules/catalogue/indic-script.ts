/**
 * Queries typed in Devanagari or Tamil script for billers whose names are in English (decision 117):
 * the letters written in Latin, as a person would spell them ("अदानी" "adani", "ஏர்டெல்" "ertel"),
 * so that the search compares them with the names as it compares Latin text. A table of the two
 * scripts' letters: the sound key (sound-key.ts) forgives what a table cannot know, such as the
 * vowels an English name spells otherwise ("पावर" "pavar", Power).
 */

/** Consonants with the vowel each carries when no sign follows it ("क" "ka"). */
const DEVANAGARI_CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};

/** With a nukta below, a consonant Hindi takes from English or Persian ("फ़" f, "ज़" z). */
const DEVANAGARI_NUKTA: Record<string, string> = { क: 'q', ख: 'kh', ग: 'g', ज: 'z', ड: 'r', ढ: 'rh', फ: 'f' };

const TAMIL_CONSONANTS: Record<string, string> = {
  க: 'k',
  ங: 'n',
  ச: 's',
  ஞ: 'n',
  ட: 't',
  ண: 'n',
  த: 't',
  ந: 'n',
  ப: 'p',
  ம: 'm',
  ய: 'y',
  ர: 'r',
  ல: 'l',
  வ: 'v',
  ழ: 'zh',
  ள: 'l',
  ற: 'r',
  ன: 'n',
  ஜ: 'j',
  ஷ: 'sh',
  ஸ: 's',
  ஹ: 'h',
};

/**
 * Vowels, as letters of their own and as signs after a consonant. Long and short alike: names in
 * English do not mark the length ("आ" and "अ" are both "a" in "Adani").
 */
const VOWELS: Record<string, string> = {
  // Devanagari letters, then signs.
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ऑ: 'o',
  ओ: 'o',
  औ: 'au',
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'ॅ': 'e',
  'े': 'e',
  'ै': 'ai',
  'ॉ': 'o',
  'ो': 'o',
  'ौ': 'au',
  // Tamil letters, then signs.
  அ: 'a',
  ஆ: 'a',
  இ: 'i',
  ஈ: 'i',
  உ: 'u',
  ஊ: 'u',
  எ: 'e',
  ஏ: 'e',
  ஐ: 'ai',
  ஒ: 'o',
  ஓ: 'o',
  ஔ: 'au',
  'ா': 'a',
  'ி': 'i',
  'ீ': 'i',
  'ு': 'u',
  'ூ': 'u',
  'ெ': 'e',
  'ே': 'e',
  'ை': 'ai',
  'ொ': 'o',
  'ோ': 'o',
  'ௌ': 'au',
};

/** The mark that takes a consonant's own vowel away: Devanagari's virama, Tamil's pulli. */
const NO_VOWEL = new Set(['्', '்']);
const NUKTA = '़';
/** Nasal marks: anusvara and candrabindu ("टोरेंट" "torent"). */
const NASAL = new Set(['ं', 'ँ']);
/** Tamil's aytham before ப writes an f ("ஃபைபர்" "fiber"). */
const AYTHAM = 'ஃ';

const INDIC = /[\u0900-\u097f\u0b80-\u0bff]/;

/** Whether a query has Devanagari or Tamil letters to write in Latin. */
export function hasIndicLetters(text: string): boolean {
  return INDIC.test(text);
}

function digitOf(char: string): string | undefined {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x0966 && code <= 0x096f) return String(code - 0x0966);
  if (code >= 0x0be6 && code <= 0x0bef) return String(code - 0x0be6);
  return undefined;
}

/**
 * The text with its Devanagari and Tamil letters written in Latin; other characters are kept. A
 * consonant with no sign after it carries "a", except where Hindi does not say it: at the end of a
 * word ("पावर" "pavar", not "pavara") and between a vowel and a consonant with its own vowel.
 */
export function latinOf(text: string): string {
  const chars = [...text.normalize('NFC')];
  let latin = '';
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] as string;
    const consonant = DEVANAGARI_CONSONANTS[char] ?? TAMIL_CONSONANTS[char];
    if (consonant === undefined) {
      latin += letterOf(char, chars[index + 1]);
      continue;
    }
    let next = chars[index + 1];
    let sound = consonant;
    if (next === NUKTA) {
      sound = DEVANAGARI_NUKTA[char] ?? consonant;
      index += 1;
      next = chars[index + 1];
    }
    const vowelBefore = /[aeiou]$/.test(latin);
    latin += sound;
    const signed = next !== undefined && (NO_VOWEL.has(next) || VOWELS[next] !== undefined);
    if (signed || next === undefined || !INDIC.test(next)) continue;
    if (!(char in DEVANAGARI_CONSONANTS && vowelBefore && hasVowelSign(chars[index + 2]))) latin += 'a';
  }
  return latin;
}

/**
 * Whether a character is a vowel sign: the consonant before it is said with that vowel. Hindi does not
 * say a consonant's own "a" between a vowel and such a consonant ("बिजली" "bijli", "तमिलनाडु"
 * "tamilnadu"), where Tamil writes the absence with a pulli.
 */
function hasVowelSign(char: string | undefined): boolean {
  return char !== undefined && VOWELS[char] !== undefined && !INDIC_VOWEL_LETTERS.test(char);
}

/** The vowels written as letters of their own, which begin a syllable rather than end one. */
const INDIC_VOWEL_LETTERS = /[\u0904-\u0914\u0b85-\u0b94]/;

/** A character that is not a consonant: a vowel, a mark, a digit, or anything else as it is. */
function letterOf(char: string, next: string | undefined): string {
  if (NO_VOWEL.has(char) || char === NUKTA) return '';
  if (NASAL.has(char)) return 'n';
  if (char === 'ः') return 'h';
  if (char === AYTHAM) return next === 'ப' ? '' : 'k';
  return VOWELS[char] ?? digitOf(char) ?? char;
}

/**
 * Words for a kind of bill in Hindi or Tamil, and the categories they name: a biller of that
 * category answers to the word although its English name does not hold it ("अदानी बिजली", Adani
 * Electricity). Written as typed, in the script.
 */
const CATEGORY_WORDS: Record<string, string[]> = {
  बिजली: ['Electricity'],
  विद्युत: ['Electricity'],
  மின்சாரம்: ['Electricity'],
  மின்: ['Electricity'],
  மின்சார: ['Electricity'],
  पानी: ['Water'],
  जल: ['Water'],
  தண்ணீர்: ['Water'],
  குடிநீர்: ['Water'],
  गैस: ['Gas', 'LPG Gas'],
  எரிவாயு: ['Gas', 'LPG Gas'],
  சிலிண்டர்: ['LPG Gas'],
  सिलेंडर: ['LPG Gas'],
  बीमा: ['Insurance'],
  காப்பீடு: ['Insurance'],
  ऋण: ['Loan Repayment'],
  लोन: ['Loan Repayment'],
  கடன்: ['Loan Repayment'],
};

/**
 * Words of billers' names that people write translated, not transliterated: the English word the
 * name holds ("தமிழ்நாடு மின்சார வாரியம்", Tamil Nadu Electricity Board).
 */
const ENGLISH_WORDS: Record<string, string> = {
  வாரியம்: 'board',
  बोर्ड: 'board',
  மாநகராட்சி: 'corporation',
};

/** The word in Latin letters: its English word if it is one of those, else transliterated. */
export function latinWordOf(word: string): string {
  return ENGLISH_WORDS[word.normalize('NFC')] ?? latinOf(word);
}

/** The categories a word of a query names, if it is one of those words. */
export function categoriesNamedBy(word: string): string[] | undefined {
  return CATEGORY_WORDS[word.normalize('NFC')];
}
