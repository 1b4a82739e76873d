import { describe, expect, it } from 'vitest';
import { retryWhileConnectionLost } from '../src/db/connection-retry.ts';
import { sessionEnded } from './support/test-database.ts';

/** Work that fails with `failures` in turn, then answers 'done'; counts its runs. */
function workFailing(...failures: Error[]) {
  const runs = { count: 0 };
  const work = async () => {
    const failure = failures[runs.count];
    runs.count += 1;
    if (failure) throw failure;
    return 'done';
  };
  return { runs, work };
}

describe('retryWhileConnectionLost', () => {
  it('runs the work again while the connection was lost under it', async () => {
    const { runs, work } = workFailing(sessionEnded(), new Error('Connection terminated unexpectedly'));
    expect(await retryWhileConnectionLost(work, { pauseMs: 1 })).toBe('done');
    expect(runs.count).toBe(3);
  });

  it('throws any other failure at once', async () => {
    const { runs, work } = workFailing(new Error('relation "orders" already exists'));
    await expect(retryWhileConnectionLost(work, { pauseMs: 1 })).rejects.toThrow('already exists');
    expect(runs.count).toBe(1);
  });

  it('gives up after its attempts, with the last failure', async () => {
    const { runs, work } = workFailing(sessionEnded(), sessionEnded(), sessionEnded());
    await expect(retryWhileConnectionLost(work, { attempts: 3, pauseMs: 1 })).rejects.toThrow(
      'administrator command',
    );
    expect(runs.count).toBe(3);
  });
});
