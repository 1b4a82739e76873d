import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './client.ts';

/**
 * The names of changes a replica keeps something in memory about. Each replica forgets what it
 * kept when it hears the notice (decision 069).
 */
export const CHANGES = {
  /** The catalogue's master data (billers, plans, circles, coverage) after a sync. */
  catalogue: 'catalogue',
} as const;

export type ChangeName = (typeof CHANGES)[keyof typeof CHANGES];

/**
 * Tells every api replica, this one included, that something changed, so that each forgets what it
 * kept of it (decision 069).
 */
export interface ChangeNotices {
  /** Tells every replica of `name` once `executor`'s transaction commits (at once outside one). */
  publish(executor: Executor, name: ChangeName): Promise<void>;
  /**
   * Calls `listener` on each notice of `name`, and after the notices may have been missed (the
   * listening connection was lost), since a missed notice would leave a stale copy. Returns a
   * function that stops listening.
   */
  subscribe(name: ChangeName, listener: () => void): () => void;
  /** Hears of the listening connection lost (it reconnects by itself). */
  onListenerLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/** The PostgreSQL channel the notices travel on; a notice's payload is its name. */
const CHANNEL = 'erti_pay_changes';
/** The name the listening session shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'erti-pay-api-notices';
/** How long to wait before reconnecting a lost listener: doubled on each failure up to the maximum. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

function subscribers() {
  const listeners = new Map<ChangeName, Set<() => void>>();
  return {
    add(name: ChangeName, listener: () => void): () => void {
      const named = listeners.get(name) ?? new Set();
      listeners.set(name, named);
      named.add(listener);
      return () => named.delete(listener);
    },
    deliver(name: string): void {
      for (const listener of listeners.get(name as ChangeName) ?? []) listener();
    },
    deliverAll(): void {
      for (const named of listeners.values()) for (const listener of named) listener();
    },
    get any(): boolean {
      return listeners.size > 0;
    },
  };
}

/**
 * The embedded database is one process: a notice goes straight to its subscribers, after the
 * caller's current step, as a committed NOTIFY would.
 */
export function localChangeNotices(): ChangeNotices {
  const listeners = subscribers();
  return {
    publish: async (_executor, name) => {
      setImmediate(() => listeners.deliver(name));
    },
    subscribe: (name, listener) => listeners.add(name, listener),
    onListenerLost: () => {},
    close: async () => {},
  };
}

/**
 * Notices through PostgreSQL's LISTEN/NOTIFY: NOTIFY is sent with the change's transaction and
 * delivered on commit to every listening session. Each replica listens on one dedicated connection,
 * opened on the first subscription; when it is lost it is opened again, and every subscriber is
 * told, since notices sent meanwhile were missed.
 */
export function listeningChangeNotices(connectionString: string): ChangeNotices {
  const listeners = subscribers();
  let client: pg.Client | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectMs = RECONNECT_FIRST_MS;
  let listenerLost: (error: Error) => void = () => {};

  function lost(from: pg.Client, error: Error) {
    if (client !== from || closed) return;
    client = undefined;
    from.end().catch(() => {});
    listenerLost(error);
    reconnectTimer = setTimeout(() => void listen(true), reconnectMs);
    reconnectMs = Math.min(reconnectMs * 2, RECONNECT_MAX_MS);
  }

  async function listen(reconnecting: boolean): Promise<void> {
    const candidate = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    client = candidate;
    candidate.on('notification', (message) => listeners.deliver(message.payload ?? ''));
    candidate.on('error', (error) => lost(candidate, error));
    candidate.on('end', () => lost(candidate, new Error('the change notices connection ended')));
    try {
      await candidate.connect();
      await candidate.query(`listen ${CHANNEL}`);
    } catch (error) {
      lost(candidate, error as Error);
      return;
    }
    reconnectMs = RECONNECT_FIRST_MS;
    if (reconnecting) listeners.deliverAll();
  }

  return {
    publish: async (executor, name) => {
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${name})`);
    },
    subscribe: (name, listener) => {
      const first = !listeners.any;
      const unsubscribe = listeners.add(name, listener);
      if (first && !closed) void listen(false);
      return unsubscribe;
    },
    onListenerLost: (listener) => {
      listenerLost = listener;
    },
    close: async () => {
      closed = true;
      clearTimeout(reconnectTimer);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
