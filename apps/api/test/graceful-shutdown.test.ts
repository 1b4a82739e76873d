import { request } from 'node:http';
import type { Biller } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobs } from '../src/db/schema/jobs.ts';
import { claimDueJobs } from '../src/jobs/job-queue.ts';
import { FIRST_SYNC_KEY } from '../src/modules/catalogue/catalogue.sync.ts';
import { apiProcesses, signUpThroughProcess } from './support/api-process.ts';
import { customerNumber, hasOneDigitsParam } from './support/bill-network.ts';

/**
 * SIGTERM to a real api process (decision 066): the requests in flight finish, new ones are
 * refused, the job it runs is finished or handed back, and it exits 0 within SHUTDOWN_GRACE_MS.
 */
const processes = apiProcesses();

const startApi = (env: Record<string, string>) => processes.start({ JOB_POLL_MS: '100', ...env });

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${processes.api.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function electricityBoard(): Promise<Biller> {
  const billers = (await (await fetch(`${processes.api.url}/api/bbps/prod/Electricity`)).json()) as Biller[];
  const board = billers.find(
    (biller) => biller.fetchRequirement === 'MANDATORY' && hasOneDigitsParam(biller),
  );
  if (!board) throw new Error('no electricity board to fetch a bill from');
  return board;
}

const billRequest = (biller: Biller) => ({
  chId: 1,
  isRealTimeFetch: true,
  custDetails: { mobileNo: '9876543210', customerTags: [] },
  agentDetails: { agentId: 'FROM-THE-BROWSER', deviceTags: [] },
  billDetails: {
    billerId: biller.billerId,
    customerParams: [
      { name: biller.customerParams[0]?.paramName ?? '', value: customerNumber(biller, '2345') },
    ],
  },
});

/** A request on a connection of its own: its status, or 'refused' when nothing accepts the connection. */
const freshRequest = (port: number) =>
  new Promise<number | 'refused'>((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path: '/api/health/live', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
    );
    sent.end();
  });

describe('SIGTERM to an api process', () => {
  it('stops by itself, as gracefully, when the test run that started it is gone (its IPC channel closes)', async () => {
    const running = await startApi({});
    await running.ready(90_000, 'live');
    // What a killed parent's end of the channel does: it closes.
    running.child.disconnect();
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(running.logs.some((line) => /shut down/.test(line.msg ?? ''))).toBe(true);
  }, 120_000);

  it('finishes the requests in flight with 200, refuses new ones and exits 0 within the grace', async () => {
    const grace = 8_000;
    const running = await startApi({ SHUTDOWN_GRACE_MS: String(grace) });
    await running.ready();
    const { headers: customer } = await signUpThroughProcess(running, processes.sandbox, 'shutdown');
    const board = await electricityBoard();
    const slowNetwork = processes.sandbox.sandbox.faults.add({
      path: '/bou/npciservice/fetch',
      kind: 'delay',
      delayMs: 2_000,
    });
    const inFlight = [1, 2, 3].map(() => post(`/bbps/prod/bill/Electricity`, billRequest(board), customer));
    await vi.waitFor(() => expect(slowNetwork.hits).toBe(3), { timeout: 10_000 });

    const signalled = Date.now();
    running.child.kill('SIGTERM');
    await vi.waitFor(async () => expect(await freshRequest(running.port)).toBe('refused'), {
      timeout: 1_500,
      interval: 50,
    });
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(((await answer.json()) as { respCode: number }).respCode).toBe(1);

    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(grace);
  }, 120_000);

  it('hands back the job still running near the end of the grace, claimable once it is gone, and exits 0', async () => {
    const grace = 3_000;
    // The first start's catalogue sync waits a minute for the bill network's master data.
    const slowNetwork = processes.sandbox.sandbox.faults.add({
      path: '/bou/billerservice',
      kind: 'delay',
      delayMs: 60_000,
      count: 1,
    });
    // No probe of the bill network (decision 110): it asks the same master-data call and would take the
    // one slow answer meant for the sync.
    const running = await startApi({ SHUTDOWN_GRACE_MS: String(grace), BBPS_PROBE_SECONDS: '0' });
    await vi.waitFor(() => expect(slowNetwork.hits).toBe(1), { timeout: 60_000, interval: 100 });

    const signalled = Date.now();
    running.child.kill('SIGTERM');
    // Exit code 0 is the proof it finished within its grace (past it, the api exits 1 by itself); seen
    // from here, the process's own teardown comes on top (178 ms once on a busy machine).
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(grace + 1_000);
    expect(running.logs.map((line) => line.msg)).toContain(
      'job still running at shutdown; handed back to the queue',
    );

    const left = await processes.database.open();
    try {
      const [firstSync] = await left.db.select().from(jobs).where(eq(jobs.dedupeKey, FIRST_SYNC_KEY));
      expect(firstSync).toMatchObject({ status: 'queued', lockedUntil: null, attempts: 0 });
      // Due once the process is gone (the end of its grace at the latest), not when a lease ends.
      const due = firstSync?.runAt.getTime() ?? Number.POSITIVE_INFINITY;
      expect(due).toBeLessThanOrEqual(signalled + grace + 500);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const claimed = await claimDueJobs(left.db, 10);
      expect(claimed.map((job) => job.id)).toContain(firstSync?.id);
    } finally {
      await left.close();
    }
  }, 120_000);
});
