import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { enqueueJob, runDueJobs } from '../src/jobs/job-queue.ts';
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
});
