// The embedded database's own thread (decision 057). Plain JavaScript, so that every launcher that
// starts the api (tsx, vitest) can start this file as a worker without a TypeScript loader. The api
// talks to it through `pglite-thread.ts`; the messages are described there.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = parentPort;
if (!port) throw new Error('pglite-worker.js runs as a worker thread');

/** Thrown inside a transaction the api asked to roll back; PGlite then rolls it back. */
const ROLLBACK = Symbol('rollback');

/** What crosses back of a failure: the message and PostgreSQL's fields (`code` 23505, `constraint`...). */
function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const described = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    described[key] = value;
  }
  return described;
}

const reply = (id, outcome) => port.postMessage({ id, ...outcome });

function answer(id, work) {
  work.then(
    (result) => reply(id, { result }),
    (error) => reply(id, { error: describeError(error) }),
  );
}

/** Query options by row mode and the types read as text: drizzle sends the same few on every query. */
const optionsByShape = new Map();

/**
 * Types the caller reads as text: drizzle's parsers for them are the identity, and functions cannot
 * cross threads, so the caller names the types and the same parsers are made here, once per shape.
 */
function queryOptions(rowMode, textTypes) {
  const shape = `${rowMode}:${textTypes ?? ''}`;
  let options = optionsByShape.get(shape);
  if (!options) {
    const parsers = {};
    for (const type of textTypes ?? []) parsers[type] = (value) => value;
    options = { rowMode, parsers };
    optionsByShape.set(shape, options);
  }
  return options;
}

const { dataDir, image } = workerData;
// pg_trgm backs the biller-name search index (migration 0001). An image (a data directory's tar, as
// `dump` answers it) starts the database from that state instead of an empty one.
const pglite = await PGlite.create(dataDir, {
  extensions: { pg_trgm },
  loadDataDir: image ? new Blob([image]) : undefined,
}).catch((error) => {
  port.postMessage({ kind: 'failed', error: describeError(error) });
  return undefined;
});

/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();
let lastTransactionId = 0;

function begin(id) {
  const transactionId = ++lastTransactionId;
  const transaction = {};
  const decided = new Promise((resolve) => {
    transaction.decide = resolve;
  });
  transaction.done = pglite
    .transaction(async (tx) => {
      transaction.tx = tx;
      transactions.set(transactionId, transaction);
      reply(id, { result: transactionId });
      if (!(await decided)) throw ROLLBACK;
    })
    .finally(() => transactions.delete(transactionId));
  // A BEGIN that fails is the caller's answer; once entered, `finish` answers for the outcome.
  transaction.done.catch((error) => {
    if (!transaction.tx) reply(id, { error: describeError(error) });
  });
}

function finish(id, transactionId, commit) {
  const transaction = transactions.get(transactionId);
  if (!transaction) return reply(id, { error: { message: `no open transaction ${transactionId}` } });
  transaction.decide(commit);
  answer(
    id,
    transaction.done.catch((error) => {
      if (error !== ROLLBACK) throw error;
    }),
  );
}

function query(message) {
  const runner = message.tx === undefined ? pglite : transactions.get(message.tx)?.tx;
  if (!runner) return reply(message.id, { error: { message: `no open transaction ${message.tx}` } });
  answer(
    message.id,
    runner.query(message.sql, message.params, queryOptions(message.rowMode, message.textTypes)),
  );
}

if (pglite) {
  port.on('message', (message) => {
    switch (message.kind) {
      case 'query':
        return query(message);
      case 'begin':
        return begin(message.id);
      case 'finish':
        return finish(message.id, message.tx, message.commit);
      case 'dump':
        return answer(
          message.id,
          pglite.dumpDataDir('none').then((tar) => tar.arrayBuffer()),
        );
      case 'close':
        return answer(message.id, pglite.close());
      default:
        // Only the api sends messages: one it does not know is a bug, and stops the thread.
        throw new Error(`unknown message to the embedded database: ${message.kind}`);
    }
  });
  port.postMessage({ kind: 'ready' });
}
