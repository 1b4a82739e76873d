import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/**
 * The embedded database in a thread of its own (decision 057). PGlite runs every query synchronously
 * where it was opened: on the api's event loop it held up every socket while it ran (decisions 051
 * and 054 only shared the loop out fairly), and its heap made each of the api's garbage collections
 * slower. In a worker, queries run on the second core while the api serves requests.
 *
 * This is the part of PGlite's interface that drizzle's PGlite driver uses: `query`, and
 * `transaction`, whose callback gets a `query` of its own. A transaction holds the database, as
 * PGlite's own does: other queries wait in the worker until it commits or rolls back.
 *
 * Messages to the worker carry an `id` and a `kind`: `query` (sql, params, rowMode, textTypes and,
 * inside a transaction, `tx`), `begin` (answered with a transaction id once BEGIN ran), `finish`
 * (tx, commit), `dump` (the data directory's tar) and `close`. Each is answered by `{ id, result }` or `{ id, error }`.
 */
export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private lastId = 0;
  /** Set once the worker is gone: every later call fails with it. */
  private stopped: Error | undefined;
  private closing = false;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (message: WorkerAnswer) => this.settle(message));
    worker.on('error', (error) => this.lose(error));
    worker.on('exit', (code) =>
      this.lose(new Error(`the embedded database's thread stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the worker and opens `dataDir` in it, from `image` (a data directory's tar, as `dump`
   * answers it) when given; fails as opening the database failed.
   */
  static async open(dataDir: string, image?: ArrayBuffer): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
      workerData: { dataDir, image },
    });
    const started = await new Promise<WorkerStarted>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    }).finally(() => worker.removeAllListeners('error'));
    if (started.kind === 'failed') {
      await worker.terminate();
      throw errorFrom(started.error);
    }
    worker.unref();
    return new PGliteThread(worker);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ kind: 'query', sql, params, ...queryShape(options) }) as Promise<Results<T>>;
  }

  async transaction<T>(callback: (tx: Pick<PGliteThread, 'query'>) => Promise<T>): Promise<T> {
    const tx = (await this.call({ kind: 'begin' })) as number;
    const query = <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
      this.call({ kind: 'query', sql, params, ...queryShape(options), tx }) as Promise<Results<R>>;
    let result: T;
    try {
      result = await callback({ query });
    } catch (error) {
      await this.call({ kind: 'finish', tx, commit: false });
      throw error;
    }
    await this.call({ kind: 'finish', tx, commit: true });
    return result;
  }

  /** The whole data directory as a tar, consistent between transactions: an image to open another from. */
  dump(): Promise<ArrayBuffer> {
    return this.call({ kind: 'dump' }) as Promise<ArrayBuffer>;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    this.closing = true;
    await this.call({ kind: 'close' });
    await this.worker.terminate();
  }

  /** This thread as drizzle's PGlite driver takes it (it calls only `query` and `transaction`). */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }

  private call(message: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      // First, as it throws (a DataCloneError) for a value that cannot cross: nothing is then owed.
      this.worker.postMessage({ id, ...message });
      // Like a socket with a request in flight, the worker keeps the process alive only while it owes an answer.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
    });
  }

  private settle(answer: WorkerAnswer) {
    const caller = this.pending.get(answer.id);
    if (!caller) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker.unref();
    if (answer.error) caller.reject(errorFrom(answer.error));
    else caller.resolve(answer.result);
  }

  /**
   * The worker is gone: every call waiting for it fails. Unless it was closed, the api goes down with
   * it, as it did when PGlite failed on the api's own thread, so that whatever runs the api starts it
   * again instead of leaving it up without a database.
   */
  private lose(reason: Error) {
    if (this.stopped) return;
    this.stopped = reason;
    for (const caller of this.pending.values()) caller.reject(reason);
    this.pending.clear();
    if (!this.closing) throw reason;
  }
}

type DescribedError = { message: string } & Record<string, unknown>;
type WorkerStarted = { kind: 'ready' } | { kind: 'failed'; error: DescribedError };
type WorkerAnswer = { id: number; result?: unknown; error?: DescribedError };

/** An Error with PostgreSQL's fields (`code` 23505, `constraint`...) as the worker described them. */
function errorFrom(described: DescribedError): Error {
  const { message, ...fields } = described;
  return Object.assign(new Error(message), fields);
}

/**
 * How a query's rows come back. Drizzle reads some types as text with parsers that return the text
 * as it is; functions cannot cross to the worker, so their types go by number and the worker makes
 * the same parsers.
 */
function queryShape(options: QueryOptions | undefined) {
  return { rowMode: options?.rowMode, textTypes: Object.keys(options?.parsers ?? {}).map(Number) };
}
