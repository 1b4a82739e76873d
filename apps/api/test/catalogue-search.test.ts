import type { Biller } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES } from '../src/db/change-notices.ts';
import { billersOf, insertUnlistedBiller, syncCatalogue } from './support/bill-network.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * Biller search (issue 28, decision 070) through the real route, on the sandbox network's catalogue
 * synchronised into PGlite: what comes first, the order of the kinds of match, the spec's
 * substring rule, typos, short names, and the search across categories.
 */
let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv();
  await syncCatalogue(env);
});
afterAll(async () => {
  await env?.close();
});

async function search(path: string): Promise<{ list: Biller[]; total: number; status: number }> {
  const response = await env.app.inject({ method: 'GET', url: `/api/bbps/prod/${path}` });
  const list = response.statusCode === 200 ? (response.json() as Biller[]) : [];
  return { list, total: Number(response.headers['x-total-count']), status: response.statusCode };
}

const inCategory = (category: string, q: string, limit?: number) =>
  search(
    `${encodeURIComponent(category)}?q=${encodeURIComponent(q)}${limit === undefined ? '' : `&limit=${limit}`}`,
  );

/** [category ('' for the services page's search of every category), what a person types, the biller that must come first] */
const FIRST: [string, string, string][] = [
  ['Electricity', 'Adani Electricity Mumbai Limited', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'adani', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'ADANI ELECTRICITY', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'adani electrcity', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'adani elctricity mumbai', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'aeml', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'msedcl', 'Maharashtra State Electricity Distbn Co Ltd'],
  ['Electricity', 'MSEDCL', 'Maharashtra State Electricity Distbn Co Ltd'],
  ['Electricity', 'mahavitaran', 'Maharashtra State Electricity Distbn Co Ltd'],
  ['Electricity', 'maharastra', 'Maharashtra State Electricity Distbn Co Ltd'],
  ['Electricity', 'tneb', 'Tamil Nadu Electricity Board (TNEB)'],
  ['Electricity', 'tangedco', 'Tamil Nadu Electricity Board (TNEB)'],
  ['Electricity', 'bescom', 'Bangalore Electricity Supply Co. Ltd (BESCOM)'],
  ['Electricity', 'bses', 'BSES Rajdhani Power Limited'],
  ['Electricity', 'bses yamuna', 'BSES Yamuna Power Limited'],
  ['Electricity', 'bypl', 'BSES Yamuna Power Limited'],
  ['Electricity', 'tpddl', 'Tata Power - Delhi'],
  ['Electricity', 'kseb', 'Kerala State Electricity Board Ltd. (KSEBL)'],
  ['Electricity', 'kerala state', 'Kerala State Electricity Board Ltd. (KSEBL)'],
  ['Electricity', 'best', 'B.E.S.T Mumbai'],
  ['Electricity', 'b.e.s.t', 'B.E.S.T Mumbai'],
  ['Electricity', 'torrent', 'Torrent Power'],
  ['Electricity', 'torrent surat', 'Torrent Power - Surat'],
  ['Electricity', 'torent power', 'Torrent Power'],
  ['Electricity', 'tata power delhi', 'Tata Power - Delhi'],
  ['Electricity', '  tata   power - MUMBAI ', 'Tata Power - Mumbai'],
  ['Electricity', 'npcl', 'Noida Power'],
  ['Electricity', 'jaipr vidyut', 'Jaipur Vidyut Vitran Nigam (JVVNL)'],
  ['Electricity', 'cesc', 'CESC Limited'],
  ['Electricity', 'électricité goa', 'Goa Electricity Department'],
  ['Electricity', 'pondicherry', 'Government of Puducherry Electricity Department'],
  ['Electricity', 'wbsedcl', 'West Bengal State Electricity Distribution Co. Ltd (WBSEDCL)'],
  ['Electricity', 'tsspdcl', 'Southern Power Distribution Company of Telangana Limited'],
  ['Electricity', 'tpcodl', 'TP Central Odisha Distribution Ltd.'],
  ['Electricity', 'sikkim urban', 'Sikkim Power - URBAN'],
  ['Electricity', 'chandigarh', 'Electricity Department Chandigarh'],
  ['Gas', 'igl', 'Indraprastha Gas'],
  ['Gas', 'indraprasta gas', 'Indraprastha Gas'],
  ['Gas', 'mgl', 'Mahanagar Gas Limited'],
  ['Gas', 'adani', 'Adani Total Gas - Gujarat'],
  ['Water', 'djb', 'Delhi Jal Board'],
  ['Water', 'bwssb', 'Bangalore Water Supply and Sewerage Board'],
  ['Water', 'chennai metro water', 'Chennai Metropolitan Water Supply And Sewerage Board'],
  ['Water', 'hyderabad water', 'Hyderabad Metropolitan Water Supply and Sewerage Board'],
  ['LPG Gas', 'iocl', 'Indane Gas (Indian Oil)'],
  ['DTH', 'tata sky', 'Tata Play'],
  ['Broadband Postpaid', 'act fibernet', 'ACT Fibernet'],
  // Words run together or apart, and misspelt (issue 37 item 4, decision 117).
  ['Electricity', 'tamilnadu', 'Tamil Nadu Electricity Board (TNEB)'],
  ['Electricity', 'tamilnadu electricity', 'Tamil Nadu Electricity Board (TNEB)'],
  ['Electricity', 'westbengal', 'West Bengal Electricity'],
  ['Electricity', 'westbengal state', 'West Bengal State Electricity Distribution Co. Ltd (WBSEDCL)'],
  ['Electricity', 'uttarpradesh rural', 'Uttar Pradesh Power Corp Ltd (UPPCL) - RURAL'],
  ['Electricity', 'uttarpradesh urban', 'Uttar Pradesh Power Corp Ltd (UPPCL) - URBAN'],
  ['Electricity', 'bsesrajdhani', 'BSES Rajdhani Power Limited'],
  ['Electricity', 'bses rajdhani', 'BSES Rajdhani Power Limited'],
  ['Electricity', 'bsesyamuna', 'BSES Yamuna Power Limited'],
  ['Electricity', 'tatapower delhi', 'Tata Power - Delhi'],
  ['Electricity', 'torrentpower surat', 'Torrent Power - Surat'],
  ['Electricity', 'dakshinharyana', 'Dakshin Haryana Bijli Vitran Nigam (DHBVN)'],
  ['Electricity', 'himachalpradesh', 'Himachal Pradesh State Electricity Board'],
  ['Electricity', 'electrcity adani', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'adani electrisity', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'torrant powar', 'Torrent Power'],
  ['Electricity', 'keral state', 'Kerala State Electricity Board Ltd. (KSEBL)'],
  ['Electricity', 'jharkand bijli', 'Jharkhand Bijli Vitran Nigam Limited (JBVNL)'],
  ['Mobile Postpaid', 'air tel', 'Airtel Postpaid'],
  ['Mobile Postpaid', 'airtel postpiad', 'Airtel Postpaid'],
  ['Mobile Postpaid', 'vodaphone', 'Vodafone Postpaid'],
  ['Broadband Postpaid', 'tata play fibre', 'TATA PLAY FIBER'],
  ['Broadband Postpaid', 'hathway broadbnd', 'Hathway Broadband'],
  ['Broadband Postpaid', 'act fiber net', 'ACT Fibernet'],
  ['Gas', 'mahanagar gass', 'Mahanagar Gas Limited'],
  ['LPG Gas', 'bharatgas', 'Bharat Gas (BPCL)'],
  ['Water', 'delhijal board', 'Delhi Jal Board'],
  ['DTH', 'dishtv', 'Dish TV'],
  // Devanagari, written in Latin and matched by sound; a word for a kind of bill names its category.
  ['', 'अदानी बिजली', 'Adani Electricity Mumbai Limited'],
  ['', 'अदानी इलेक्ट्रिसिटी', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'अदानी', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'टाटा पावर', 'Tata Power - Delhi'],
  ['Electricity', 'टाटा पावर मुंबई', 'Tata Power - Mumbai'],
  ['Electricity', 'टोरेंट पावर', 'Torrent Power'],
  ['Electricity', 'बीएसईएस राजधानी', 'BSES Rajdhani Power Limited'],
  ['Electricity', 'बीएसईएस यमुना', 'BSES Yamuna Power Limited'],
  ['Electricity', 'महावितरण', 'Maharashtra State Electricity Distbn Co Ltd'],
  ['Electricity', 'नोएडा पावर', 'Noida Power'],
  ['Electricity', 'तमिलनाडु', 'Tamil Nadu Electricity Board (TNEB)'],
  ['Electricity', 'केरल', 'Kerala State Electricity Board Ltd. (KSEBL)'],
  ['Electricity', 'बिजली', 'Dakshin Haryana Bijli Vitran Nigam (DHBVN)'],
  ['', 'जयपुर बिजली', 'Jaipur Vidyut Vitran Nigam (JVVNL)'],
  ['', 'एयरटेल', 'Airtel'],
  ['Mobile Postpaid', 'एयरटेल', 'Airtel Postpaid'],
  ['Mobile Postpaid', 'जियो', 'Jio Postpaid'],
  ['Broadband Postpaid', 'एयरटेल ब्रॉडबैंड', 'Airtel Broadband'],
  ['Broadband Postpaid', 'टाटा प्ले फाइबर', 'TATA PLAY FIBER'],
  ['Gas', 'महानगर गैस', 'Mahanagar Gas Limited'],
  ['Gas', 'इंद्रप्रस्थ गैस', 'Indraprastha Gas'],
  ['LPG Gas', 'इंडेन', 'Indane Gas (Indian Oil)'],
  ['LPG Gas', 'भारत गैस', 'Bharat Gas (BPCL)'],
  ['Water', 'दिल्ली जल बोर्ड', 'Delhi Jal Board'],
  ['DTH', 'डिश टीवी', 'Dish TV'],
  ['DTH', 'टाटा प्ले', 'Tata Play'],
  ['Insurance', 'बजाज बीमा', 'Bajaj Allianz General Insurance'],
  // Tamil: no letters apart for "d" and "t", or "g" and "k" ("அதானி" atani, Adani).
  ['', 'அதானி மின்சாரம்', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'அதானி', 'Adani Electricity Mumbai Limited'],
  ['Electricity', 'டாடா பவர்', 'Tata Power - Delhi'],
  ['Electricity', 'டோரண்ட் பவர்', 'Torrent Power'],
  ['Electricity', 'தமிழ்நாடு மின்சார வாரியம்', 'Tamil Nadu Electricity Board (TNEB)'],
  ['Electricity', 'தமிழ்நாடு', 'Tamil Nadu Electricity Board (TNEB)'],
  ['Electricity', 'கேரளா மின்சார வாரியம்', 'Kerala State Electricity Board Ltd. (KSEBL)'],
  ['Electricity', 'மின்சாரம்', 'Adani Electricity Mumbai Limited'],
  ['', 'ஏர்டெல்', 'Airtel'],
  ['Mobile Postpaid', 'ஏர்டெல்', 'Airtel Postpaid'],
  ['Mobile Postpaid', 'ஜியோ', 'Jio Postpaid'],
  ['Broadband Postpaid', 'ஏர்டெல் பிராட்பேண்ட்', 'Airtel Broadband'],
  ['Gas', 'இந்திரபிரஸ்தா', 'Indraprastha Gas'],
  ['Gas', 'மஹாநகர் கேஸ்', 'Mahanagar Gas Limited'],
  ['LPG Gas', 'இண்டேன்', 'Indane Gas (Indian Oil)'],
  ['LPG Gas', 'பாரத் கேஸ்', 'Bharat Gas (BPCL)'],
  ['Water', 'சென்னை குடிநீர்', 'Chennai Metropolitan Water Supply And Sewerage Board'],
  ['Water', 'பெங்களூர் குடிநீர்', 'Bangalore Water Supply and Sewerage Board'],
  ['DTH', 'சன் டைரக்ட்', 'Sun Direct'],
  ['DTH', 'டிஷ் டிவி', 'Dish TV'],
  ['DTH', 'டாடா ப்ளே', 'Tata Play'],
  ['Municipal Taxes', 'சென்னை மாநகராட்சி', 'Greater Chennai Corporation'],
];

/** The kind of match the ordering rule names, as a test writes it (0 exact … 3 anywhere). */
function kindOf(name: string, q: string): number {
  const lower = name.toLowerCase();
  if (lower === q) return 0;
  if (lower.startsWith(q)) return 1;
  if (new RegExp(`(^|[^a-z0-9])${q}`).test(lower)) return 2;
  return 3;
}

describe('biller search', () => {
  it.each(FIRST)('%s: "%s" finds %s first', async (category, q, first) => {
    const { list, status } =
      category === ''
        ? await search(`search?q=${encodeURIComponent(q)}&limit=5`)
        : await inCategory(category, q, 5);
    expect(status).toBe(200);
    expect(list[0]?.billerName).toBe(first);
  });

  it('has a table of at least 80 queries, at least 20 of them in Devanagari and 20 in Tamil script', () => {
    expect(FIRST.length).toBeGreaterThanOrEqual(80);
    expect(FIRST.filter(([, q]) => /[\u0900-\u097f]/.test(q)).length).toBeGreaterThanOrEqual(20);
    expect(FIRST.filter(([, q]) => /[\u0b80-\u0bff]/.test(q)).length).toBeGreaterThanOrEqual(20);
  });

  it('orders exact name, name start, word start, then anywhere, by name within each', async () => {
    for (const q of ['power', 'gas', 'vidyut', 'bijli']) {
      const category = q === 'gas' ? 'Gas' : 'Electricity';
      const { list } = await inCategory(category, q);
      expect(list.length).toBeGreaterThan(1);
      const kinds = list.map((biller) => kindOf(biller.billerName, q));
      expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
      for (let index = 1; index < list.length; index += 1) {
        if (kinds[index] !== kinds[index - 1]) continue;
        const [before, after] = [list[index - 1]?.billerName ?? '', list[index]?.billerName ?? ''];
        expect(before.toLowerCase() <= after.toLowerCase()).toBe(true);
      }
    }
    // Name starts and word starts mix in "power"; a word's middle and an exact name below, so each
    // kind of match the order names is met.
    const power = (await inCategory('Electricity', 'power')).list;
    expect(new Set(power.map((biller) => kindOf(biller.billerName, 'power')))).toEqual(new Set([1, 2]));
    const ajmer = (await inCategory('Electricity', 'jmer')).list.map((biller) => biller.billerName);
    expect(ajmer).toEqual(['Ajmer Vidyut Vitran Nigam Limited (AVVNL)', 'TP Ajmer Distribution Ltd (TPADL)']);
    const exact = (await inCategory('Electricity', 'torrent power')).list.map((biller) => biller.billerName);
    expect(exact[0]).toBe('Torrent Power');
    expect(exact.slice(1).every((name) => name.startsWith('Torrent Power - '))).toBe(true);
  });

  it('keeps every case-insensitive substring match of the name (spec section 7)', async () => {
    const everyBiller = await billersOf(env, 'Electricity');
    for (const q of ['pow', 'LIMITED', 'a', 'd.', ' - ', '(', 'co. ltd', 'vitran nigam', 'of']) {
      const { list, total } = await inCategory('Electricity', q);
      const ids = new Set(list.map((biller) => biller.billerId));
      const needle = q.trim().toLowerCase();
      const substring = everyBiller.filter((biller) => biller.billerName.toLowerCase().includes(needle));
      expect(substring.length).toBeGreaterThan(0);
      expect(substring.filter((biller) => !ids.has(biller.billerId))).toEqual([]);
      expect(total).toBe(list.length);
    }
  });

  it('forgives one typo from five letters and two from eight, none below five', async () => {
    const names = async (q: string) => (await inCategory('Electricity', q)).list.map((b) => b.billerName);
    expect(await names('torrnt')).toContain('Torrent Power');
    expect(await names('trrnt')).toEqual([]);
    expect(await names('mahrastra')).toContain('Maharashtra State Electricity Distbn Co Ltd');
    expect(await names('mahrstra')).toEqual([]);
    expect(await names('bsez')).toEqual([]);
    expect(await names('noda')).toEqual([]);
  });

  it('puts the text as typed before its words run together, and both before typos and sounds', async () => {
    const names = async (q: string) =>
      (await search(`search?q=${encodeURIComponent(q)}`)).list.map((b) => b.billerName);
    // "Tamilnadu Urban eSevai" holds "tamilnadu" as typed; Tamil Nadu's billers only with the words run together.
    expect(await names('tamilnadu')).toEqual([
      'Tamilnadu Urban eSevai Municipal Taxes',
      'Tamilnadu Urban eSevai Service Charges',
      'Tamil Nadu Civil Supplies And Customer Protection Dept',
      'Tamil Nadu Electricity Board (TNEB)',
    ]);
    // As typed, "adani" is only ever found as written: no typo or sound adds a biller to a name's start.
    const adani = await inCategory('Electricity', 'adani');
    expect(adani.list.map((b) => b.billerName)).toEqual(['Adani Electricity Mumbai Limited']);
    // Typed in Devanagari, the same biller comes first, and a sound-alike ("Dadra") only after the name.
    const tata = (await inCategory('Electricity', 'टाटा पावर')).list.map((b) => b.billerName);
    expect(tata.slice(0, 2)).toEqual(['Tata Power - Delhi', 'Tata Power - Mumbai']);
    // Typos stay within their limits in Latin letters, doubled letters aside.
    expect((await inCategory('Electricity', 'noida powr')).total).toBe(0);
    expect((await inCategory('Gas', 'mahanagar gass')).list[0]?.billerName).toBe('Mahanagar Gas Limited');
  });

  it('finds billers out of word order and pages a ranked search with its total', async () => {
    const reversed = await inCategory('Electricity', 'mumbai tata');
    expect(reversed.list[0]?.billerName).toBe('Tata Power - Mumbai');
    const all = await inCategory('Electricity', 'power');
    const first = await inCategory('Electricity', 'power', 3);
    const next = await search('Electricity?q=power&limit=3&offset=3');
    expect(first.total).toBe(all.list.length);
    expect([...first.list, ...next.list].map((b) => b.billerId)).toEqual(
      all.list.slice(0, 6).map((b) => b.billerId),
    );
  });

  it('takes punctuation alone literally, and finds nothing for text in no name', async () => {
    expect((await inCategory('Electricity', '%')).total).toBe(0);
    const dashed = (await inCategory('Electricity', '-')).list.map((biller) => biller.billerName);
    expect(dashed).toContain('Tata Power - Delhi');
    expect(dashed.every((name) => name.includes('-'))).toBe(true);
    expect((await inCategory('Electricity', 'zzqx')).total).toBe(0);
  });

  it('searches every category at once for the services page', async () => {
    const { list, total } = await search('search?q=adani&limit=10');
    const found = list.map((biller) => `${biller.billerName} [${biller.billerCategoryName}]`);
    expect(found).toContain('Adani Electricity Mumbai Limited [Electricity]');
    expect(found).toContain('Adani Total Gas - Gujarat [Gas]');
    expect(total).toBe(list.length);
    expect(list.every((biller) => Array.isArray(biller.customerParams))).toBe(true);
    expect((await search('search?q=electrcity%20adani')).list[0]?.billerName).toBe(
      'Adani Electricity Mumbai Limited',
    );
    expect((await search('search')).status).toBe(400);
    expect((await search('search?q=%20')).status).toBe(400);
  });

  it('rebuilds the index when a change notice arrives and after a sync', async () => {
    const gone = { billerId: 'GONE00000NAT02', billerName: 'Vanished Waterworks' };
    expect((await inCategory('Water', 'vanished')).total).toBe(0);
    await insertUnlistedBiller(env, gone);
    // Not found yet: the index was built before the row was written, and nothing told it.
    expect((await inCategory('Water', 'vanished')).total).toBe(0);
    // What another replica's sync sends: this replica forgets its index and builds it again.
    await env.database.notices.publish(env.database.db, CHANGES.catalogue);
    await expect
      .poll(async () => (await inCategory('Water', 'vanishd waterworks')).list[0]?.billerName)
      .toBe(gone.billerName);
    // The network does not list it: the sync deactivates it, and the search no longer offers it.
    await syncCatalogue(env);
    expect((await inCategory('Water', 'vanished')).total).toBe(0);
  });
});
