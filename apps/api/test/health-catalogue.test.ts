import type { HealthResponse } from '@erti/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syncRuns } from '../src/db/schema/catalogue.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import {
  CATALOGUE_SYNC_JOB,
  CATALOGUE_SYNC_STATE,
  FIRST_SYNC_KEY,
} from '../src/modules/catalogue/catalogue.sync.ts';
import { countActiveBillers } from '../src/modules/catalogue/catalogue-state.repository.ts';
import { signedInUser } from './support/bill-network.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const health = async () => {
  const response = await env.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  return response.json() as HealthResponse;
};

/** Health reuses what it read for a moment, so a change shows within that moment, not at once. */
const healthSoon = (check: (answer: HealthResponse) => void) =>
  vi.waitFor(async () => check(await health()), { timeout: 10_000, interval: 200 });

const syncingSoon = (syncing: boolean) =>
  healthSoon((answer) => expect(answer.catalogue?.syncing).toBe(syncing));

/** Holds the sync's last step (the education places) back for a while, so it is seen under way. */
const slowLastStep = () =>
  env.sandbox.faults.add({ path: '/bou/coverage/locations', kind: 'delay', delayMs: 4_000, count: 1 });

describe('GET /api/health: the catalogue', () => {
  it('is empty and idle before the api has ever started a sync', async () => {
    expect((await health()).catalogue).toEqual({ billers: 0, lastSyncAt: null, syncing: false });
  });

  it('lets no browser keep an empty biller list, which may only mean "not synchronised yet"', async () => {
    const empty = await env.app.inject({ method: 'GET', url: '/api/bbps/prod/Electricity?limit=50' });
    expect(empty.json()).toEqual([]);
    expect(empty.headers['cache-control']).toBe('no-store');
  });

  it('says syncing while the first start’s sync waits for an unreachable bill network', async () => {
    await env.built.modules.find((module) => module.name === 'catalogue')?.onReady?.();
    await healthSoon((answer) =>
      expect(answer.catalogue).toEqual({ billers: 0, lastSyncAt: null, syncing: true }),
    );

    env.sandbox.faults.add({ path: '/bou/billerservice', kind: 'error', status: 503 });
    await env.runJobs();
    env.sandbox.faults.clear();
    const [firstSync] = await env.database.db.select().from(jobs).where(eq(jobs.dedupeKey, FIRST_SYNC_KEY));
    expect(firstSync?.status).toBe('queued');
    await healthSoon((answer) =>
      expect(answer.catalogue).toMatchObject({ billers: 0, lastSyncAt: null, syncing: true }),
    );
  });

  it('counts the billers and stops saying syncing once the first sync is done', async () => {
    const started = Date.now();
    await env.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.dedupeKey, FIRST_SYNC_KEY));
    await env.runJobs();
    const offered = await countActiveBillers(env.database.db);
    expect(offered).toBeGreaterThan(100);
    await healthSoon((answer) => {
      expect(answer.catalogue?.syncing).toBe(false);
      expect(answer.catalogue?.billers).toBe(offered);
      expect(Date.parse(answer.catalogue?.lastSyncAt ?? '')).toBeGreaterThanOrEqual(started - 1_000);
    });
    const filled = await env.app.inject({ method: 'GET', url: '/api/bbps/prod/Electricity?limit=50' });
    expect(filled.json().length).toBeGreaterThan(0);
    expect(filled.headers['cache-control']).toBe('public, max-age=60');
  });

  it('counts a sync whose mark is live, and not once the mark has lapsed (its process died)', async () => {
    const soon = new Date(Date.now() + 60_000);
    await env.database.db
      .insert(syncRuns)
      .values({ id: 'syn_dead', name: CATALOGUE_SYNC_STATE, heldUntil: soon });
    await syncingSoon(true);
    await env.database.db
      .update(syncRuns)
      .set({ heldUntil: new Date(Date.now() - 1_000) })
      .where(eq(syncRuns.id, 'syn_dead'));
    await syncingSoon(false);
  });

  it('says syncing while a merchant’s sync on demand runs, and not once it has ended', async () => {
    const merchant = await signedInUser(env, { role: 'merchant' });
    slowLastStep();
    const sync = fetch(`${env.apiUrl}/api/bbps/prod/sync`, { method: 'POST', headers: merchant.headers });
    await syncingSoon(true);
    expect((await sync).status).toBe(200);
    await syncingSoon(false);
    // Its own mark is gone, and so is the lapsed one it found.
    expect(await env.database.db.select().from(syncRuns)).toEqual([]);
  });

  it('says syncing while the scheduled sync runs, and not once it has ended', async () => {
    const scheduled = and(eq(jobs.kind, CATALOGUE_SYNC_JOB), eq(jobs.status, 'queued'));
    expect(
      await env.database.db.update(jobs).set({ runAt: new Date() }).where(scheduled).returning(),
    ).toHaveLength(1);
    slowLastStep();
    const run = env.runJobs();
    await syncingSoon(true);
    expect(await run).toBe(1);
    await syncingSoon(false);
  });
});
