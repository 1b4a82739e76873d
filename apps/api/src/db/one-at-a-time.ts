import type pg from 'pg';

/**
 * Runs work that must not run on two replicas at once (a biller sync, the migrations), under a
 * named lock every replica of one database shares (decision 069).
 */
export interface OneAtATime {
  /** Runs `work` once no other work of `name` runs, waiting for the one under way to end. */
  after<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Runs `work` unless other work of `name` is under way; answers whether it ran. */
  unlessUnderway<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

type Run = <T>(
  name: string,
  work: () => Promise<T>,
  wait: boolean,
) => Promise<{ ran: true; value: T } | { ran: false }>;

function oneAtATime(run: Run): OneAtATime {
  return {
    after: async (name, work) => {
      const outcome = await run(name, work, true);
      // Waiting, a run always takes the lock in the end.
      if (!outcome.ran) throw new Error(`the lock '${name}' was not taken`);
      return outcome.value;
    },
    unlessUnderway: (name, work) => run(name, work, false),
  };
}

/**
 * On PostgreSQL: a session advisory lock, held on a connection of the pool for as long as the work
 * runs. The server releases it if the replica dies, so a crash never leaves it held; if the session
 * alone is ended, the lock goes with it and another replica may start while this work ends. The
 * first key keeps the api's locks apart from anyone else's on the same server.
 */
export function advisoryLocks(pool: pg.Pool): OneAtATime {
  return oneAtATime(async (name, work, wait) => {
    const session = await pool.connect();
    let broken = false;
    // A failed lock or unlock query leaves the session in doubt; the work's own failure does not.
    const onSession = <R>(query: Promise<R>) =>
      query.catch((error) => {
        broken = true;
        throw error;
      });
    // A session the server ends while the work runs (it is idle meanwhile) reports it here: the pool
    // hears nothing from a connection it has lent, and the error unheard would end the process.
    const lost = () => {
      broken = true;
    };
    session.on('error', lost);
    try {
      const take = wait ? 'pg_advisory_lock' : 'pg_try_advisory_lock';
      const { rows } = await onSession(
        session.query<{ held: boolean | '' }>(`select ${take}(hashtext('erti-pay'), hashtext($1)) as held`, [
          name,
        ]),
      );
      // pg_advisory_lock answers void (read as ''): it returns only once the lock is held.
      if (rows[0]?.held === false) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        await onSession(
          session.query(`select pg_advisory_unlock(hashtext('erti-pay'), hashtext($1))`, [name]),
        ).catch(() => {});
      }
    } finally {
      session.off('error', lost);
      // A session in doubt may still hold the lock: it is closed (the server then releases the lock).
      session.release(broken);
    }
  });
}

/** The embedded database is one process: a lock in memory is shared by everything that uses it. */
export function processLocks(): OneAtATime {
  const held = new Map<string, Promise<unknown>>();
  const run: Run = async (name, work, wait) => {
    const holder = held.get(name);
    if (holder && !wait) return { ran: false };
    if (holder) {
      await holder.catch(() => {});
      return run(name, work, wait);
    }
    const running = work();
    held.set(name, running);
    try {
      return { ran: true, value: await running };
    } finally {
      held.delete(name);
    }
  };
  return oneAtATime(run);
}
