import type { BbpsBiller } from '@erti/protocols';
import type { Database } from '../../db/client.ts';
import { BillerSearchIndex, type SearchableBiller, type SearchPage } from './biller-search.ts';
import { toBiller } from './catalogue.mappers.ts';
import { activeBillerRecords } from './catalogue.repository.ts';

/**
 * How long an index answers before it is rebuilt from the database although no sync was heard of:
 * a bound should a change notice be lost (decision 069). The old index answers while the new one
 * is built, so no search waits for it.
 */
const INDEX_MAX_AGE_MS = 10 * 60_000;

/**
 * The short names a biller is known by. The network sends them in `billerAliasName`, several
 * separated by commas ("MSEDCL, Mahavitaran").
 */
export function aliasesOf(record: BbpsBiller): string[] {
  return (record.billerAliasName ?? '')
    .split(',')
    .map((alias) => alias.trim())
    .filter((alias) => alias !== '');
}

const searchable = (record: BbpsBiller): SearchableBiller => ({
  billerId: record.billerId,
  billerName: record.billerName,
  category: record.billerCategory,
  aliases: aliasesOf(record),
  json: JSON.stringify(toBiller(record)),
});

/**
 * This replica's biller search index (decision 070): built from our copy of the catalogue on the
 * first search or when warmed (at start, after a sync), dropped when a sync ends here or on another
 * replica (`invalidate`). An empty catalogue (the first sync still running) is not kept.
 */
export function createBillerSearch(deps: { db: Database }) {
  let current: Promise<BillerSearchIndex> | undefined;
  /** `current` once built: what a search can use without waiting. */
  let ready: BillerSearchIndex | undefined;
  let builtAt = 0;
  let refreshing = false;

  /** Makes `index` the one answering, unless a sync dropped `building` meanwhile. */
  function settle(building: Promise<BillerSearchIndex>, index: BillerSearchIndex) {
    if (current === building) ready = index;
  }

  async function build(): Promise<BillerSearchIndex> {
    const records = await activeBillerRecords(deps.db);
    return new BillerSearchIndex(records.map(searchable));
  }

  /** Builds the first index; forgets it if it failed or found no billers, so the next search tries again. */
  function buildFirst(): Promise<BillerSearchIndex> {
    const building = build();
    builtAt = Date.now();
    current = building;
    const forget = () => {
      if (current === building) current = undefined;
    };
    building.then((index) => (index.size === 0 ? forget() : settle(building, index)), forget);
    return building;
  }

  /** Replaces an old index with a fresh one unless a sync replaced it meanwhile. */
  function refresh(answering: Promise<BillerSearchIndex>): void {
    refreshing = true;
    builtAt = Date.now();
    build()
      .then((fresh) => {
        if (current !== answering) return;
        current = Promise.resolve(fresh);
        ready = fresh;
      })
      .catch(() => undefined)
      .finally(() => {
        refreshing = false;
      });
  }

  function index(): Promise<BillerSearchIndex> {
    if (!current) return buildFirst();
    if (!refreshing && Date.now() - builtAt > INDEX_MAX_AGE_MS) refresh(current);
    return current;
  }

  return {
    async search(query: {
      q: string;
      category?: string;
      limit?: number;
      offset?: number;
    }): Promise<SearchPage> {
      return (await index()).search(query);
    },

    /** The search's answer now when the index is built, else undefined (`search` waits for the build). */
    searchIfReady(query: {
      q: string;
      category?: string;
      limit?: number;
      offset?: number;
    }): SearchPage | undefined {
      if (!ready) return undefined;
      index();
      return ready.search(query);
    },

    /** Forget the index after the master data changed; the next search builds it again. */
    invalidate(): void {
      current = undefined;
      ready = undefined;
    },

    /** Starts building the index now, so that the first search does not wait for it. */
    warm(): void {
      index().catch(() => undefined);
    },
  };
}

export type BillerSearch = ReturnType<typeof createBillerSearch>;
