import { describe, expect, it } from 'vitest';
import { BillerSearchIndex, type SearchableBiller } from '../src/modules/catalogue/biller-search.ts';
import {
  categoriesNamedBy,
  hasIndicLetters,
  latinOf,
  latinWordOf,
} from '../src/modules/catalogue/indic-script.ts';
import { SoundIndex } from '../src/modules/catalogue/sound-index.ts';
import { editDistance, loosely, soundKey, undoubled } from '../src/modules/catalogue/sound-key.ts';

/**
 * Search that forgives how people type (issue 37 item 4, decision 117): Devanagari and Tamil written
 * in Latin, the sound key that lets two spellings of a name meet, and the index's use of both.
 */
describe('Devanagari and Tamil in Latin letters', () => {
  it.each([
    ['अदानी', 'adani'],
    ['बिजली', 'bijli'],
    ['तमिलनाडु', 'tamilnadu'],
    ['महानगर', 'mahanagar'],
    ['पावर', 'pavar'],
    ['टोरेंट', 'torent'],
    ['फ़ाइबर', 'faibar'],
    ['ज़ी', 'zi'],
    ['महावितरण', 'mahavitaran'],
    ['बीएसईएस', 'biesies'],
    ['अदानी बिजली', 'adani bijli'],
    ['அதானி', 'atani'],
    ['ஏர்டெல்', 'ertel'],
    ['டாடா பவர்', 'tata pavar'],
    ['தமிழ்நாடு', 'tamizhnatu'],
    ['ஃபைபர்', 'paipar'],
    ['இண்டேன்', 'inten'],
    ['१२३ ௧௨௩', '123 123'],
    ['Adani 5', 'Adani 5'],
  ])('%s is %s', (typed, latin) => {
    expect(latinOf(typed)).toBe(latin);
  });

  it('tells Indian scripts from Latin, and translates the words names hold in English', () => {
    expect(hasIndicLetters('adani बिजली')).toBe(true);
    expect(hasIndicLetters('அதானி')).toBe(true);
    expect(hasIndicLetters('électricité')).toBe(false);
    expect(latinWordOf('வாரியம்')).toBe('board');
    expect(latinWordOf('அதானி')).toBe('atani');
    expect(categoriesNamedBy('बिजली')).toEqual(['Electricity']);
    expect(categoriesNamedBy('மின்சாரம்')).toEqual(['Electricity']);
    expect(categoriesNamedBy('गैस')).toEqual(['Gas', 'LPG Gas']);
    expect(categoriesNamedBy('अदानी')).toBeUndefined();
  });
});

describe('the sound key', () => {
  it.each([
    // Vowels and their length, aspiration, voicing, doubled letters, English spellings of one sound.
    ['power', 'pavar'],
    ['tata', 'taataa'],
    ['adani', 'atani'],
    ['airtel', 'ertel'],
    ['airtel', 'eyartel'],
    ['torrent', 'torent'],
    ['fiber', 'fibre'],
    ['jio', 'jiyo'],
    ['bses', 'biesies'],
    ['electricity', 'ilektrisiti'],
    ['vodafone', 'vodaphon'],
    ['rajdhani', 'rajadhani'],
    ['tamil', 'tamizh'],
    ['ambegaon', 'anbegaon'],
  ])('%s sounds like %s', (a, b) => {
    expect(soundKey(a)).toBe(soundKey(b));
  });

  it.each([
    ['tata', 'ta'],
    ['power', 'tower'],
    ['mumbai', 'nagpur'],
    ['airtel', 'tel'],
  ])('%s does not sound like %s', (a, b) => {
    expect(soundKey(a)).not.toBe(soundKey(b));
  });

  it('counts edits with a swap of neighbours as one, and a doubled letter as none once undoubled', () => {
    expect(editDistance('fibre', 'fiber')).toBe(1);
    expect(editDistance('electrcity', 'electricity')).toBe(1);
    expect(editDistance('trrnt', 'torrent')).toBe(2);
    expect(editDistance('', 'gas')).toBe(3);
    expect(editDistance(undoubled('gass'), undoubled('gas'))).toBe(0);
    expect(editDistance(loosely('jiyo'), loosely('jio'))).toBe(0);
    expect(editDistance(loosely('jiyo'), loosely('joy'))).toBeGreaterThan(0);
  });

  it('finds the billers of a key, whole or as a beginning, and counts them', () => {
    const sounds = new SoundIndex([
      { order: 0, keys: ['tata power delhi'] },
      { order: 1, keys: ['torrent power'] },
      { order: 2, keys: ['noida power', 'npcl'] },
    ]);
    const found = (key: string, prefix: boolean) => {
      const into = new Set<number>();
      sounds.collect(key, prefix, into);
      return [...into].sort();
    };
    expect(found(soundKey('pavar'), false)).toEqual([0, 1, 2]);
    expect(found(soundKey('tata'), false)).toEqual([0]);
    expect(found('t', true)).toEqual([0, 1]);
    expect(found('t', false)).toEqual([]);
    // Keys run together: "tatapowerdelhi" begins with the sound of "tatapo".
    expect(found(soundKey('tatapo'), true)).toEqual([0]);
    expect(sounds.count(soundKey('pavar'), false)).toBe(3);
    expect(sounds.count('zzz', true)).toBe(0);
  });
});

const biller = (billerId: string, billerName: string, category: string, aliases: string[] = []) => ({
  billerId,
  billerName,
  category,
  aliases,
  json: '{}',
});

describe('the search index, forgiving', () => {
  const billers: SearchableBiller[] = [
    biller('E1', 'Adani Electricity Mumbai Limited', 'Electricity', ['AEML']),
    biller('E2', 'Tata Power - Delhi', 'Electricity', ['TPDDL']),
    biller('E3', 'Tamil Nadu Electricity Board (TNEB)', 'Electricity', ['TNEB']),
    biller('E4', 'Dakshin Haryana Bijli Vitran Nigam (DHBVN)', 'Electricity'),
    biller('E5', 'Tamilnadu Power Works', 'Electricity'),
    biller('G1', 'Adani Total Gas - Gujarat', 'Gas'),
    biller('B1', 'TATA PLAY FIBER', 'Broadband Postpaid'),
    biller('M1', 'Airtel Postpaid', 'Mobile Postpaid'),
  ];
  const index = new BillerSearchIndex(billers);
  const ids = (q: string, category?: string) => index.search({ q, category }).billers.map((b) => b.billerId);

  it('puts a word naming a category to the billers of that category', () => {
    expect(ids('अदानी बिजली')).toEqual(['E1']);
    expect(ids('அதானி மின்சாரம்')).toEqual(['E1']);
    expect(ids('अदानी गैस')).toEqual(['G1']);
    // In its own category the word asks for every biller, those whose names say it first.
    expect(ids('बिजली', 'Electricity')[0]).toBe('E4');
    expect(ids('बिजली', 'Electricity')).toHaveLength(5);
    expect(ids('बिजली', 'Gas')).toEqual([]);
  });

  it('runs words together only from five letters, after the text as typed', () => {
    expect(ids('tamilnadu', 'Electricity')).toEqual(['E5', 'E3']);
    expect(ids('air tel')).toEqual(['M1']);
    // Four letters run together would match by chance ("a tata power" holds "apow").
    expect(ids('apow')).toEqual([]);
    expect(index.search({ q: 'tamilnadu', category: 'Electricity' }).costly).toBe(true);
  });

  it('forgives swapped letters and doubled letters within the typos of a Latin word', () => {
    expect(ids('tata play fibre')).toEqual(['B1']);
    // Two letters swapped, one of them a vowel: the sound is the same, one edit.
    expect(ids('airtle')).toEqual(['M1']);
    // Four letters allow no typo, a swap included.
    expect(ids('tata plya fiber')).toEqual([]);
    expect(ids('tatta power')).toEqual(['E2']);
    expect(ids('trrnt')).toEqual([]);
  });

  it('puts a typo match whose name begins with the first word before one that has it later', () => {
    const gas = new BillerSearchIndex([
      biller('L1', 'Annapurna Indane Distributors', 'LPG Gas'),
      biller('L2', 'Annapurna Indane Gas Agency', 'LPG Gas'),
      biller('L3', 'Indane Gas (Indian Oil)', 'LPG Gas'),
    ]);
    expect(gas.search({ q: 'inden' }).billers.map((b) => b.billerId)[0]).toBe('L3');
    expect(gas.search({ q: 'इंडेन' }).billers.map((b) => b.billerId)[0]).toBe('L3');
  });

  it("matches Devanagari and Tamil by sound, without a Latin word's typo limit", () => {
    expect(ids('टाटा पावर')).toEqual(['E2']);
    expect(ids('டாடா ப்ளே ஃபைபர்')).toEqual(['B1']);
    expect(ids('ஏர்டெல்')).toEqual(['M1']);
    expect(ids('तमिलनाडु', 'Electricity')).toEqual(['E5', 'E3']);
  });
});
