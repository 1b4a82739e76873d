import { and, eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { withoutQueryValues } from '../db/query-error.ts';
import { jobs } from '../db/schema/jobs.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { settlesBefore } from '../lib/settles-before.ts';

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

/**
 * Claims up to `limit` due jobs (queued, or running with an expired lock after a crash). Due by the
 * database's clock, moved on by the test clock's offset when there is one (decision 073). The lease
 * is on the database's own clock, never moved: a test clock's jump while a job runs must not hand
 * the job to a second worker (decision 083).
 */
export async function claimDueJobs(db: Database, limit: number, clock: Clock = systemClock): Promise<Job[]> {
  const now = sql`(now() + make_interval(secs => ${clock.offsetMs() / 1000}))`;
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), updated_at = now()
    where id in (
      select id from jobs
      where (status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < now())
      order by run_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.query.jobs.findMany({ where: (job, { inArray }) => inArray(job.id, ids) });
}

async function finishJob(
  db: Database,
  clock: Clock,
  job: Job,
  outcome: JobOutcome,
  error?: unknown,
): Promise<void> {
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
      runAt: new Date(clock.now().getTime() + backoffMs),
      lockedUntil: null,
      lastError: error ? errorText(withoutQueryValues(error)).slice(0, 1000) : null,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
}

/** Runs a claimed job with its kind's handler and records how it ended. */
async function runJob(
  db: Database,
  handlers: Record<string, JobHandler>,
  logger: FastifyBaseLogger,
  clock: Clock,
  job: Job,
): Promise<void> {
  const handler = handlers[job.kind];
  if (!handler) {
    logger.error({ jobId: job.id, kind: job.kind }, 'no handler for job kind');
    await finishJob(db, clock, { ...job, attempts: job.maxAttempts }, undefined, new Error('no handler'));
    return;
  }
  let outcome: JobOutcome;
  try {
    outcome = await handler(job);
  } catch (error) {
    logger.warn({ jobId: job.id, kind: job.kind, err: error }, 'job failed; will retry');
    await finishJob(db, clock, job, undefined, error);
    return;
  }
  await recordFinish(() => finishJob(db, clock, job, outcome), logger, job);
}

const FINISH_TRIES = 5;

/**
 * Records how a job whose handler has done its work ended. A failure to write it (a database session
 * ended under it) is tried again, never taken as the work failing: the work (a mail sent, a refund
 * asked for) would be done twice. Past the tries the job stays leased, and runs again only when its
 * lease ends.
 */
async function recordFinish(finish: () => Promise<void>, logger: FastifyBaseLogger, job: Job): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await finish();
    } catch (error) {
      if (attempt >= FINISH_TRIES) throw error;
      logger.warn(
        { jobId: job.id, kind: job.kind, err: error, attempt },
        'recording a finished job failed; trying again',
      );
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}

/** Runs every due job once; tests call this. Returns how many ran. */
export async function runDueJobs(
  db: Database,
  handlers: Record<string, JobHandler>,
  logger: FastifyBaseLogger,
  limit = 10,
  clock: Clock = systemClock,
): Promise<number> {
  const due = await claimDueJobs(db, limit, clock);
  for (const job of due) await runJob(db, handlers, logger, clock, job);
  return due.length;
}

/**
 * Gives a claimed job back as it was before the claim (queued, its lease cleared, the attempt not
 * counted), due at `runAt` instead of when its lease would have ended.
 */
export async function handBackJob(db: Database, jobId: string, runAt = new Date()): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt,
      lockedUntil: null,
      attempts: sql`${jobs.attempts} - 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running')));
}

/**
 * Stops the worker: it claims nothing more and its running job finishes. One still running at
 * `handBackAt` (ms since the epoch) is handed back, due at `goneBy`: by then this process has
 * exited, and with it any database session (and lock) the job still holds, so the replica that
 * claims it next is not told a run of it is under way (decision 066). Answers whether it did.
 */
export type StopJobWorker = (deadlines?: { handBackAt: number; goneBy: number }) => Promise<boolean>;

/**
 * The worker loop of the api process. It holds one job at a time, so that a shutdown has at most
 * one to finish or hand back, and claims the next at once while jobs are due.
 */
export function startJobWorker(
  db: Database,
  handlers: Record<string, JobHandler>,
  logger: FastifyBaseLogger,
  pollMs: number,
  clock: Clock = systemClock,
): StopJobWorker {
  let stopped = false;
  let running: Job | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const runNext = async (): Promise<boolean> => {
    const [job] = await claimDueJobs(db, 1, clock);
    if (!job) return false;
    // Told to stop while it was claiming: the job has not started, so it goes back at once.
    if (stopped) {
      await handBackJob(db, job.id);
      return false;
    }
    running = job;
    try {
      await runJob(db, handlers, logger, clock, job);
    } finally {
      running = undefined;
    }
    return true;
  };
  const tick = () => {
    if (stopped) return;
    current = runNext()
      .catch((error) => {
        logger.error({ err: error }, 'job worker tick failed');
        return false;
      })
      .then((ran) => {
        if (!stopped) timer = setTimeout(tick, ran ? 0 : pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);
  return async (deadlines) => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const handBackAt = deadlines?.handBackAt ?? Number.POSITIVE_INFINITY;
    const job = (await settlesBefore(current, handBackAt)) ? undefined : running;
    if (!job || !deadlines) return false;
    await handBackJob(db, job.id, new Date(deadlines.goneBy));
    logger.warn({ jobId: job.id, kind: job.kind }, 'job still running at shutdown; handed back to the queue');
    return true;
  };
}
