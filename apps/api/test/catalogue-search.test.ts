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

/** [category, what a person types, the biller that must come first] */
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
    const { list, status } = await inCategory(category, q, 5);
    expect(status).toBe(200);
    expect(list[0]?.billerName).toBe(first);
  });

  it('has a table of at least 40 queries', () => {
    expect(FIRST.length).toBeGreaterThanOrEqual(40);
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
