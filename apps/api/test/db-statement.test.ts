import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { builtOnce, builtOncePerShape, placeholders, prefixed } from '../src/db/statement.ts';
import { jobInsert, newJobRow } from '../src/jobs/job-queue.ts';
import { openTestDatabase } from './support/test-database.ts';

/**
 * Statements built once and run on the database or inside a transaction (decision 060): on PGlite
 * and, in the api-postgres project, on a PostgreSQL server, where they are named prepared statements.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const JOB_COLUMNS = ['id', 'kind', 'payload', 'runAt', 'dedupeKey', 'maxAttempts'] as const;

/** Queues a job through one statement built once, answering the row as drizzle maps it. */
const insertJob = builtOnce(
  (executor) => jobInsert(executor, placeholders('job.', JOB_COLUMNS)).returning(),
  getTableColumns(jobs),
);

const jobSelection = {
  job: { id: jobs.id, payload: jobs.payload },
  due: sql<boolean>`${jobs.runAt} <= now()`.mapWith(Boolean),
};
const jobById = builtOnce(
  (executor) =>
    executor
      .select(jobSelection)
      .from(jobs)
      .where(eq(jobs.id, sql.placeholder('id'))),
  jobSelection,
);

describe('a statement built once', () => {
  it('runs with new values each time and maps its rows as drizzle does (jsonb, timestamps, bigints)', async () => {
    const runAt = new Date('2026-01-02T03:04:05.678Z');
    const first = newJobRow({
      kind: 'test.first',
      payload: { orderId: 'ord_1', n: 1 },
      runAt,
      dedupeKey: 'k1',
    });
    const second = newJobRow({ kind: 'test.second', payload: { list: [1, 2] }, maxAttempts: 3 });

    const [firstRow] = await insertJob(database.db, prefixed('job.', first));
    const [secondRow] = await insertJob(database.db, prefixed('job.', second));

    expect(firstRow).toMatchObject({ id: first.id, kind: 'test.first', payload: { orderId: 'ord_1', n: 1 } });
    expect(firstRow?.runAt).toEqual(runAt);
    expect(firstRow?.status).toBe('queued');
    expect(secondRow).toMatchObject({ id: second.id, kind: 'test.second', maxAttempts: 3, dedupeKey: null });
    expect(secondRow?.createdAt).toBeInstanceOf(Date);
  });

  it('maps nested selections and SQL fields decoded with mapWith', async () => {
    const job = newJobRow({ kind: 'test.nested', payload: { a: 'b' }, runAt: new Date(Date.now() - 1000) });
    await insertJob(database.db, prefixed('job.', job));

    const [row] = await jobById(database.db, { id: job.id });

    expect(row).toEqual({ job: { id: job.id, payload: { a: 'b' } }, due: true });
  });

  it('runs inside a transaction, on its connection, and rolls back with it', async () => {
    const job = newJobRow({ kind: 'test.rolled-back', payload: {} });
    await expect(
      database.db.transaction(async (tx) => {
        await insertJob(tx, prefixed('job.', job));
        expect(await jobById(tx, { id: job.id })).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    expect(await jobById(database.db, { id: job.id })).toEqual([]);
  });

  it('refuses to run without a value for each placeholder', async () => {
    await expect(jobById(database.db, {})).rejects.toThrow('No value for placeholder "id"');
  });
});

describe('a statement built once per shape', () => {
  const jobsOfKinds = builtOncePerShape(
    (count: number) => String(count),
    (count) => {
      const selection = { id: jobs.id };
      return builtOnce(
        (executor) =>
          executor
            .select(selection)
            .from(jobs)
            .where(
              sql`${jobs.kind} in ${Array.from({ length: count }, (_, index) => sql.placeholder(`kind${index}`))}`,
            )
            .orderBy(jobs.id),
        selection,
      );
    },
  );

  it('builds one statement for each shape and runs each with its own values', async () => {
    const [a, b] = [newJobRow({ kind: 'shape.a', payload: {} }), newJobRow({ kind: 'shape.b', payload: {} })];
    await insertJob(database.db, prefixed('job.', a));
    await insertJob(database.db, prefixed('job.', b));

    const one = await jobsOfKinds(database.db, 1, { kind0: 'shape.a' });
    const two = await jobsOfKinds(database.db, 2, { kind0: 'shape.a', kind1: 'shape.b' });
    const oneAgain = await jobsOfKinds(database.db, 1, { kind0: 'shape.b' });

    expect(one.map((row) => row.id)).toEqual([a.id]);
    expect(two.map((row) => row.id).sort()).toEqual([a.id, b.id].sort());
    expect(oneAgain.map((row) => row.id)).toEqual([b.id]);
  });
});
