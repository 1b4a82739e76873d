import type { Biller, CoverageState } from '@erti/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billerCircles, billers, coverageLocations, plans } from '../src/db/schema/catalogue.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { CATALOGUE_SYNC_JOB } from '../src/modules/catalogue/catalogue.sync.ts';
import { billersOf, insertUnlistedBiller, signedInUser, syncCatalogue } from './support/bill-network.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
let firstSync: Awaited<ReturnType<typeof syncCatalogue>>;

beforeAll(async () => {
  env = await startTestEnv();
  firstSync = await syncCatalogue(env);
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  env.sandbox.faults.clear();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: `/api${url}`, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers });

async function rowCounts() {
  const db = env.database.db;
  const [b] = await db.select({ n: count() }).from(billers);
  const [p] = await db.select({ n: count() }).from(plans);
  const [c] = await db.select({ n: count() }).from(billerCircles);
  const [l] = await db.select({ n: count() }).from(coverageLocations);
  return { billers: b?.n, plans: p?.n, circles: c?.n, locations: l?.n };
}

describe('biller master data sync', () => {
  it('stores billers, plans, circles and coverage from the network', async () => {
    expect(firstSync.billers).toBeGreaterThan(500);
    expect(firstSync.plans).toBeGreaterThan(100);
    expect(firstSync.circles).toBeGreaterThan(20);
    expect(firstSync.locations).toBe(36);
    expect(await rowCounts()).toEqual({
      billers: firstSync.billers,
      plans: firstSync.plans,
      circles: firstSync.circles,
      locations: firstSync.locations,
    });
  });

  it('is idempotent: syncing again stores the same rows and deactivates nothing', async () => {
    const before = await rowCounts();
    const again = await syncCatalogue(env);
    expect(again).toMatchObject({ billers: firstSync.billers, plans: firstSync.plans, deactivated: 0 });
    expect(await rowCounts()).toEqual(before);
  });

  it("rewrites a plan biller's plans only when the network's list differs from what was stored", async () => {
    const db = env.database.db;
    const [plan] = await db.select().from(plans).limit(1);
    if (!plan) throw new Error('no plan');
    const onePlan = and(eq(plans.billerId, plan.billerId), eq(plans.planId, plan.planId));
    await db.update(plans).set({ amountPaise: 1 }).where(onePlan);
    await syncCatalogue(env);
    expect((await db.select().from(plans).where(onePlan))[0]?.amountPaise).toBe(1);

    await db.update(billers).set({ plansDigest: 'changed' }).where(eq(billers.billerId, plan.billerId));
    await syncCatalogue(env);
    expect((await db.select().from(plans).where(onePlan))[0]?.amountPaise).toBe(plan.amountPaise);
  });

  it('keeps a biller the network stopped listing but no longer offers it', async () => {
    const gone = { billerId: 'GONE00000NAT01', billerName: 'Gone Water Board' };
    await insertUnlistedBiller(env, gone);
    expect((await billersOf(env, 'Water')).map((biller) => biller.billerId)).toContain(gone.billerId);
    const result = await syncCatalogue(env);
    expect(result.deactivated).toBe(1);
    const [row] = await env.database.db.select().from(billers).where(eq(billers.billerId, gone.billerId));
    expect(row?.status).toBe('INACTIVE');
    expect((await billersOf(env, 'Water')).map((biller) => biller.billerId)).not.toContain(gone.billerId);
    const lookup = await post('/bbps/prod/billerid', { billerId: gone.billerId });
    expect(lookup.statusCode).toBe(404);
  });

  it('answers 503 when the network is down and keeps serving what it has', async () => {
    env.sandbox.faults.add({ path: '/bou/billerservice', kind: 'error', status: 500 });
    const merchant = await signedInUser(env, { role: 'merchant' });
    const response = await post('/bbps/prod/sync', {}, merchant.headers);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/not available right now/);
    expect((await billersOf(env, 'Electricity')).length).toBeGreaterThan(0);
  });

  it('lets only merchants start a sync', async () => {
    expect((await post('/bbps/prod/sync', {})).statusCode).toBe(401);
    const user = await signedInUser(env);
    expect((await post('/bbps/prod/sync', {}, user.headers)).statusCode).toBe(403);
  });

  it('schedules one sync per time slot however many replicas start', async () => {
    const catalogue = env.built.modules.find((module) => module.name === 'catalogue');
    await catalogue?.onReady?.();
    await catalogue?.onReady?.();
    const queued = await env.database.db.select().from(jobs).where(eq(jobs.kind, CATALOGUE_SYNC_JOB));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload).toEqual({ reason: 'scheduled' });
    expect(queued[0]?.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(queued[0]?.runAt.getTime()).toBeLessThanOrEqual(
      Date.now() + env.config.BILLER_SYNC_MINUTES * 60_000,
    );
  });
});

describe('GET /bbps/prod/{category}', () => {
  it("answers the category's billers as a plain array sorted by name, in the spec's shape", async () => {
    const response = await get('/bbps/prod/Electricity');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Biller[];
    expect(list.length).toBeGreaterThan(20);
    expect(response.headers['x-total-count']).toBe(String(list.length));
    expect(list.every((biller) => biller.billerCategoryName === 'Electricity')).toBe(true);
    const names = list.map((biller) => biller.billerName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const [first] = list;
    expect(first).toMatchObject({
      billerId: expect.any(String),
      fetchRequirement: expect.any(String),
      supportBillValidation: expect.any(String),
      planMdmRequirement: expect.any(String),
    });
    expect(first?.customerParams[0]).toMatchObject({
      paramName: expect.any(String),
      regex: expect.any(String),
      optional: expect.stringMatching(/^(true|false)$/),
    });
    expect(list.some((biller) => biller.logo === null)).toBe(true);
    expect(list.some((biller) => ['png', 'jpg', 'webp', 'jpeg'].includes(biller.logo ?? ''))).toBe(true);
  });

  it('treats Mobile Prepaid like any category and finds categories ignoring case', async () => {
    const prepaid = await get('/bbps/prod/Mobile%20Prepaid');
    expect(prepaid.statusCode).toBe(200);
    expect((prepaid.json() as Biller[]).map((biller) => biller.billerName)).toEqual(
      expect.arrayContaining(['Airtel', 'Jio', 'BSNL']),
    );
    const lower = await get('/bbps/prod/electricity');
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toHaveLength(Number(lower.headers['x-total-count']));
  });

  it('searches by name server-side with a limit and reports the total', async () => {
    const response = await get('/bbps/prod/Electricity?q=POW&limit=3');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Biller[];
    const total = Number(response.headers['x-total-count']);
    expect(list.length).toBe(Math.min(3, total));
    expect(total).toBeGreaterThan(3);
    expect(list.every((biller) => biller.billerName.toLowerCase().includes('pow'))).toBe(true);
    const next = await get('/bbps/prod/Electricity?q=POW&limit=3&offset=3');
    expect((next.json() as Biller[])[0]?.billerId).not.toBe(list[0]?.billerId);
  });

  it('takes search text literally', async () => {
    const response = await get('/bbps/prod/Electricity?q=%25');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('answers 404 for an unknown category and 400 for a bad limit', async () => {
    const unknown = await get('/bbps/prod/Spaceships');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("We do not offer the category 'Spaceships'");
    expect((await get('/bbps/prod/Electricity?limit=0')).statusCode).toBe(400);
    expect((await get('/bbps/prod/Electricity?limit=abc')).statusCode).toBe(400);
  });
});

describe('POST /bbps/prod/billerid', () => {
  it('answers the biller record', async () => {
    const [listed] = await billersOf(env, 'Gas');
    const response = await post('/bbps/prod/billerid', {
      billerId: listed?.billerId,
      billerCategoryName: 'Gas',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(listed);
  });

  it('answers 404 for an unknown biller or one of another category, 400 without an id', async () => {
    const unknown = await post('/bbps/prod/billerid', { billerId: 'NOPE00000NAT01' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Biller not found');
    const [gas] = await billersOf(env, 'Gas');
    const wrong = await post('/bbps/prod/billerid', { billerId: gas?.billerId, billerCategoryName: 'Water' });
    expect(wrong.statusCode).toBe(404);
    const missing = await post('/bbps/prod/billerid', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/billerId/);
  });
});

describe('GET /bbps/prod/ip/mac', () => {
  it("answers the client's IP as the api sees it and the agent device's MAC", async () => {
    const direct = await get('/bbps/prod/ip/mac');
    expect(direct.statusCode).toBe(200);
    expect(direct.json().ipAddress).toBe('127.0.0.1');
    expect(direct.json().macAddress).toMatch(/^([0-9A-F]{2}-){5}[0-9A-F]{2}$/);
    const proxied = await get('/bbps/prod/ip/mac', { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.json().ipAddress).toBe('203.0.113.9');
  });
});

describe('POST /bbps/prod/education/coverage', () => {
  it('answers the states with their areas, each area once', async () => {
    const response = await post('/bbps/prod/education/coverage', {});
    expect(response.statusCode).toBe(200);
    const states = response.json() as CoverageState[];
    expect(states.map((state) => state.id)).toEqual(
      expect.arrayContaining(['MAN', 'TRI', 'KAR', 'TND', 'MAH']),
    );
    for (const state of states) {
      const keys = state.areas.map((area) => area.toLowerCase());
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(states.some((state) => state.areas.length === 0)).toBe(true);
  });

  it('answers the Education Fees billers of a state and of an area', async () => {
    const inState = await post('/bbps/prod/education/coverage', { state: 'TND' });
    expect(inState.statusCode).toBe(200);
    const stateBillers = inState.json() as Biller[];
    expect(stateBillers.length).toBeGreaterThan(0);
    expect(stateBillers.every((biller) => biller.billerCategoryName === 'Education Fees')).toBe(true);

    const inArea = await post('/bbps/prod/education/coverage', { state: 'Tamil Nadu', area: 'chennai' });
    expect(inArea.statusCode).toBe(200);
    const areaBillers = inArea.json() as Biller[];
    expect(areaBillers.length).toBeGreaterThan(0);
    expect(areaBillers.length).toBeLessThanOrEqual(stateBillers.length);
    for (const biller of areaBillers) {
      expect(['IND', 'IND-TND', 'ind-tnd-chennai']).toContain(
        biller.coverage?.startsWith('IND-TND-') ? biller.coverage.toLowerCase() : biller.coverage,
      );
    }
  });

  it('handles a state without areas and refuses unknown places', async () => {
    const states = (await post('/bbps/prod/education/coverage', {})).json() as CoverageState[];
    const bare = states.find((state) => state.areas.length === 0);
    const noAreas = await post('/bbps/prod/education/coverage', { state: bare?.id });
    expect(noAreas.statusCode).toBe(200);
    expect(Array.isArray(noAreas.json())).toBe(true);

    const unknownState = await post('/bbps/prod/education/coverage', { state: 'Atlantis' });
    expect(unknownState.statusCode).toBe(404);
    expect(unknownState.json().message).toMatch(/Atlantis/);
    const unknownArea = await post('/bbps/prod/education/coverage', { state: 'TND', area: 'Gotham' });
    expect(unknownArea.statusCode).toBe(404);
    const areaOnly = await post('/bbps/prod/education/coverage', { area: 'Chennai' });
    expect(areaOnly.statusCode).toBe(400);
    expect(areaOnly.json().message).toMatch(/location/);
  });
});
