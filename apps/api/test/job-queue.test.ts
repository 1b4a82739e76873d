import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { claimDueJobs, enqueueJob, runDueJobs, startJobWorker } from '../src/jobs/job-queue.ts';
import { createTestClock } from '../src/lib/clock.ts';
import { openTestDatabase } from './support/test-database.ts';

const silentLogger = { warn() {}, error() {}, info() {} } as never;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('durable job queue', () => {
  it('runs a due job once and marks it done', async () => {
    const seen: unknown[] = [];
    await enqueueJob(database.db, 'echo', { n: 1 });
    const ran = await runDueJobs(
      database.db,
      { echo: async (job) => void seen.push(job.payload) },
      silentLogger,
    );
    expect(ran).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await runDueJobs(database.db, { echo: async () => undefined }, silentLogger)).toBe(0);
  });

  it('re-queues a job that asks to run again, and one that throws', async () => {
    await enqueueJob(database.db, 'later', {}, { dedupeKey: 'later-1' });
    await enqueueJob(database.db, 'later', {}, { dedupeKey: 'later-1' });
    await runDueJobs(database.db, { later: async () => ({ retryAfterMs: 60_000 }) }, silentLogger);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'later-1'));
    expect(row?.status).toBe('queued');
    expect(row?.attempts).toBe(1);
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    await enqueueJob(database.db, 'boom', {}, { dedupeKey: 'boom-1' });
    await runDueJobs(
      database.db,
      { boom: async () => Promise.reject(new Error('outside system down')) },
      silentLogger,
    );
    const [failed] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'boom-1'));
    expect(failed?.status).toBe('queued');
    expect(failed?.lastError).toBe('outside system down');
  });

  it('runs a finished job once though recording its end fails at first (a database session ended)', async () => {
    const runs = vi.fn(async () => undefined);
    let sessionEnds = true;
    // The database as the worker sees it: its first update after the work is refused once.
    const flakyDb = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'update' || runs.mock.calls.length === 0 || !sessionEnds)
          return Reflect.get(target, property, receiver);
        sessionEnds = false;
        return () => {
          throw new Error('terminating connection due to administrator command');
        };
      },
    });
    await enqueueJob(database.db, 'mail-once', {}, { dedupeKey: 'mail-once-1' });
    await runDueJobs(flakyDb, { 'mail-once': runs }, silentLogger);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'mail-once-1'));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(sessionEnds).toBe(false);
    await runDueJobs(database.db, { 'mail-once': runs }, silentLogger);
    expect(runs).toHaveBeenCalledOnce();
  });
});

describe('the job queue on a test clock (decision 083)', () => {
  it('claims what the moved clock makes due, but keeps a running job leased by real time', async () => {
    const clock = createTestClock();
    await enqueueJob(
      database.db,
      'tomorrow',
      {},
      { dedupeKey: 'tomorrow-1', runAt: new Date(Date.now() + 86_400_000) },
    );
    expect(await claimDueJobs(database.db, 10, clock)).toHaveLength(0);
    clock.advance(86_400_000 + 1_000);
    const keys = async () => (await claimDueJobs(database.db, 10, clock)).map((job) => job.dedupeKey);
    expect(await keys()).toContain('tomorrow-1');
    // A jump past the lease while the job still runs must not hand it to a second worker.
    clock.advance(86_400_000);
    expect(await keys()).not.toContain('tomorrow-1');
    await database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.dedupeKey, 'tomorrow-1'));
  });
});

describe('the job worker at shutdown (decision 066)', () => {
  const jobKeyed = async (dedupeKey: string) =>
    (await database.db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey)))[0];
  const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

  it('lets the job it runs finish, then claims no other', async () => {
    await enqueueJob(database.db, 'slow', {}, { dedupeKey: 'slow-1' });
    let finish = () => {};
    const started = vi.fn();
    const slow = () => {
      started();
      return new Promise<undefined>((resolve) => {
        finish = () => resolve(undefined);
      });
    };
    const stop = startJobWorker(database.db, { slow }, silentLogger, 10);
    await until(() => expect(started).toHaveBeenCalledOnce());
    const stopped = stop({ handBackAt: Date.now() + 10_000, goneBy: Date.now() + 11_000 });
    await enqueueJob(database.db, 'slow', {}, { dedupeKey: 'slow-2' });
    setTimeout(() => finish(), 100);
    expect(await stopped).toBe(false);
    expect((await jobKeyed('slow-1'))?.status).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await jobKeyed('slow-2'))?.status).toBe('queued');
    expect(started).toHaveBeenCalledOnce();
    await database.db.delete(jobs).where(eq(jobs.dedupeKey, 'slow-2'));
  });

  it('hands back a job still running at the hand-back time, for another replica to claim at once', async () => {
    await enqueueJob(database.db, 'stuck', {}, { dedupeKey: 'stuck-1' });
    const started = vi.fn();
    const stuck = () => {
      started();
      return new Promise<undefined>(() => {});
    };
    const stop = startJobWorker(database.db, { stuck }, silentLogger, 10);
    await until(() => expect(started).toHaveBeenCalledOnce());
    const stopping = Date.now();
    expect(await stop({ handBackAt: stopping + 300, goneBy: stopping + 300 })).toBe(true);
    expect(Date.now() - stopping).toBeLessThan(2_000);
    const handedBack = await jobKeyed('stuck-1');
    expect(handedBack).toMatchObject({ status: 'queued', lockedUntil: null, attempts: 0 });
    const [claimed] = await claimDueJobs(database.db, 10);
    expect(claimed?.id).toBe(handedBack?.id);
    await database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.dedupeKey, 'stuck-1'));
  });
});
