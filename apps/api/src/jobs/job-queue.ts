import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { withoutQueryValues } from '../db/query-error.ts';
import { jobs } from '../db/schema/jobs.ts';
import { newId } from '../lib/ids.ts';

const errorText = (error: unknown) => String(error instanceof Error ? error.message : error);

export type Job = typeof jobs.$inferSelect;

/** What a handler answers: nothing (done) or a time to run again (still waiting on the outside world). */
export type JobOutcome = undefined | { retryAfterMs: number };
export type JobHandler = (job: Job) => Promise<JobOutcome>;

const LOCK_SECONDS = 60;

/** A job to queue: `dedupeKey` makes it exist once however often it is queued. */
export interface JobSpec {
  kind: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  dedupeKey?: string;
  maxAttempts?: number;
}

/** The row a job spec is queued as. */
export function newJobRow(job: JobSpec) {
  return {
    id: newId('job'),
    kind: job.kind,
    payload: job.payload,
    runAt: job.runAt ?? new Date(),
    dedupeKey: job.dedupeKey ?? null,
    maxAttempts: job.maxAttempts ?? 20,
  };
}

export type JobRow = ReturnType<typeof newJobRow>;

/**
 * The insert that queues a job row (its values, or placeholders for them): awaited alone, or run
 * inside another statement's WITH clause.
 */
export function jobInsert(executor: Executor, row: PgInsertValue<typeof jobs>) {
  return executor.insert(jobs).values(row).onConflictDoNothing({ target: jobs.dedupeKey });
}

export async function enqueueJob(
  executor: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: Omit<JobSpec, 'kind' | 'payload'> = {},
): Promise<void> {
  await jobInsert(executor, newJobRow({ kind, payload, ...options }));
}

/** Claims up to `limit` due jobs (queued, or running with an expired lock after a crash). */
export async function claimDueJobs(db: Database, limit: number): Promise<Job[]> {
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), updated_at = now()
    where id in (
      select id from jobs
      where (status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now())
      order by run_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.query.jobs.findMany({ where: (job, { inArray }) => inArray(job.id, ids) });
}

async function finishJob(db: Database, job: Job, outcome: JobOutcome, error?: unknown): Promise<void> {
  if (!error && !outcome) {
    await db
      .update(jobs)
      .set({ status: 'done', lockedUntil: null, updatedAt: new Date() })
      .where(eq(jobs.id, job.id));
    return;
  }
  const exhausted = job.attempts >= job.maxAttempts;
  const backoffMs = outcome?.retryAfterMs ?? Math.min(60_000 * 2 ** Math.min(job.attempts, 6), 3_600_000);
  await db
    .update(jobs)
    .set({
      status: exhausted ? 'failed' : 'queued',
      runAt: new Date(Date.now() + backoffMs),
      lockedUntil: null,
      lastError: error ? errorText(withoutQueryValues(error)).slice(0, 1000) : null,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
}

/** Runs every due job once; the worker loop and tests call this. Returns how many ran. */
export async function runDueJobs(
  db: Database,
  handlers: Record<string, JobHandler>,
  logger: FastifyBaseLogger,
  limit = 10,
): Promise<number> {
  const due = await claimDueJobs(db, limit);
  for (const job of due) {
    const handler = handlers[job.kind];
    if (!handler) {
      logger.error({ jobId: job.id, kind: job.kind }, 'no handler for job kind');
      await finishJob(db, { ...job, attempts: job.maxAttempts }, undefined, new Error('no handler'));
      continue;
    }
    try {
      await finishJob(db, job, await handler(job));
    } catch (error) {
      logger.warn({ jobId: job.id, kind: job.kind, err: error }, 'job failed; will retry');
      await finishJob(db, job, undefined, error);
    }
  }
  return due.length;
}

/** The worker loop of the api process. Returns a function that stops it. */
export function startJobWorker(
  db: Database,
  handlers: Record<string, JobHandler>,
  logger: FastifyBaseLogger,
  pollMs: number,
): () => Promise<void> {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    current = runDueJobs(db, handlers, logger)
      .catch((error) => logger.error({ err: error }, 'job worker tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await current;
  };
}
