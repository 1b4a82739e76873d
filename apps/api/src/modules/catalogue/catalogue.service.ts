import {
  type Biller,
  type CoverageState,
  EDUCATION_FEES,
  type Plan,
  serviceCatalogue,
} from '@erti/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { type SearchPage, searchKey } from './biller-search.ts';
import { isSupported, toBiller, toPlan } from './catalogue.mappers.ts';
import {
  billersCovering,
  countPlans,
  listBillers,
  listCircles,
  listLocations,
  listPlans,
} from './catalogue.repository.ts';
import { createBillerSearch } from './catalogue.search.ts';
import { findBiller } from './master-data.ts';
import { TtlCache } from './ttl-cache.ts';

const CACHE_TTL_MS = 60_000;

/** Every service title of the catalogue, found case-insensitively ('electricity' → 'Electricity'). */
const categoryByLowerTitle = new Map(
  serviceCatalogue
    .flatMap((group) => group.services)
    .map((service) => [service.title.toLowerCase(), service.title]),
);

/** The catalogue's spelling of a category, or undefined when we do not offer it. */
export function canonicalCategory(requested: string): string | undefined {
  return categoryByLowerTitle.get(requested.trim().replace(/\s+/g, ' ').toLowerCase());
}

function categoryTitle(requested: string): string {
  const title = canonicalCategory(requested);
  if (!title) throw notFound(`We do not offer the category '${requested}'`);
  return title;
}

const displayKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Areas for a dropdown: trimmed, spelling duplicates that differ only in case or spacing shown once. */
function uniqueAreas(areas: string[]): string[] {
  const seen = new Map<string, string>();
  for (const area of areas) {
    const key = displayKey(area);
    if (key && !seen.has(key)) seen.set(key, area.trim().replace(/\s+/g, ' '));
  }
  return [...seen.values()];
}

/** A list already serialised as JSON: hot lists are built and stringified once, then served as they are. */
export interface JsonList {
  json: string;
  total: number;
  /**
   * Empty where it may only mean "not synchronised yet" (the first sync with the bill network may still
   * be running): such a list is not kept, so that it cannot outlive that sync on a replica that did not
   * run it. A search that finds nothing is final: people mistype the same way, and each miss would
   * otherwise be a query.
   */
  provisional: boolean;
  /** Made for one answer (a typed search): compressed fast rather than small (decision 070). */
  madeForOneAnswer?: boolean;
  /** A search that took more than the index's pieces (typos looked for): worth keeping even when small. */
  costly?: boolean;
}

const jsonList = <T>(items: T[], total = items.length): JsonList => ({
  json: JSON.stringify(items),
  total,
  provisional: total === 0,
});

const isFinal = (list: JsonList) => !list.provisional;

/** A search's page of billers, each already serialised by the index. */
const searchList = (page: SearchPage): JsonList => ({
  json: `[${page.billers.map((biller) => biller.json).join(',')}]`,
  total: page.total,
  provisional: false,
  madeForOneAnswer: true,
  costly: page.costly,
});

/**
 * Public reads of the catalogue, all from our database: billers by category with server-side
 * search, one biller, plan circles and plans, education coverage. Hot reads (a whole category, a
 * search, the plans of one operator and circle) are cached in process as serialised JSON for a
 * minute and cleared by `invalidate`: building and encoding a list of a thousand billers costs far
 * more than sending it.
 */
export function createCatalogueService(deps: { db: Database }) {
  const { db } = deps;
  const billerLists = new TtlCache<JsonList>(CACHE_TTL_MS, 500);
  const planLists = new TtlCache<JsonList>(CACHE_TTL_MS, 2000);
  const billerSearch = createBillerSearch({ db });
  let invalidations = 0;

  async function activeBiller(billerId: string): Promise<Biller> {
    const biller = await findBiller(db, billerId);
    if (!biller?.active) throw notFound('Biller not found');
    const { active: _active, ...shown } = biller;
    return shown;
  }

  async function planBiller(billerId: string): Promise<Biller> {
    const biller = await activeBiller(billerId);
    if (!isSupported(biller.planMdmRequirement) && (await countPlans(db, billerId)) === 0) {
      throw notFound('This biller has no plans');
    }
    return biller;
  }

  async function findLocation(state: string) {
    const key = displayKey(state);
    const locations = await listLocations(db);
    const location = locations.find(
      (candidate) => candidate.id.toLowerCase() === key || displayKey(candidate.name) === key,
    );
    if (!location) throw notFound(`We have no coverage for the state '${state}'`);
    return location;
  }

  return {
    /**
     * Billers of a category (`Biller[]` as JSON) sorted by name, and the total before `limit`; with
     * `q`, the billers the search finds, best first (decision 070).
     */
    async billersOfCategory(
      requestedCategory: string,
      query: { q?: string; limit?: number; offset?: number },
    ): Promise<JsonList> {
      const category = categoryTitle(requestedCategory);
      const q = query.q?.trim();
      // Punctuation alone is searched as typed (decision 070), so it keys by itself.
      const key = JSON.stringify([
        category,
        q && (searchKey(q) || q.toLowerCase()),
        query.limit,
        query.offset,
      ]);
      return billerLists.getOrLoad(
        key,
        async () => {
          if (q) return searchList(await billerSearch.search({ ...query, q, category }));
          const found = await listBillers(db, { ...query, category });
          return jsonList<Biller>(found.records.map(toBiller), found.total);
        },
        isFinal,
      );
    },

    /**
     * A category's search answered at once from the built index, without a cache or a wait;
     * undefined when it is not a search, names no category we offer, or the index is being built.
     */
    searchIfReady(
      requestedCategory: string,
      query: { q?: string; limit?: number; offset?: number },
    ): JsonList | undefined {
      const q = query.q?.trim();
      const category = q ? canonicalCategory(requestedCategory) : undefined;
      if (!q || !category) return undefined;
      const page = billerSearch.searchIfReady({ ...query, q, category });
      return page && searchList(page);
    },

    /** Billers of every category the search finds for `q`, best first (the services page). */
    async searchAllCategories(query: { q: string; limit?: number; offset?: number }): Promise<JsonList> {
      return searchList(await billerSearch.search(query));
    },

    async billerById(billerId: string, requestedCategory?: string): Promise<Biller> {
      const biller = await activeBiller(billerId);
      if (requestedCategory && displayKey(requestedCategory) !== displayKey(biller.billerCategoryName)) {
        throw notFound('Biller not found');
      }
      return biller;
    },

    async circles(billerId: string): Promise<string[]> {
      await planBiller(billerId);
      return listCircles(db, billerId);
    },

    /**
     * Plans of a biller: of one circle (plus circle-less ones), or all when no circle is given. A
     * biller without circles (DTH) sells the same plans everywhere, so a circle is not required of it.
     * Answers `Plan[]` as JSON.
     */
    async plans(billerId: string, circle?: string): Promise<JsonList> {
      const requested = circle?.trim() || undefined;
      return planLists.getOrLoad(
        JSON.stringify([billerId, requested]),
        async () => {
          await planBiller(billerId);
          const circles = requested ? await listCircles(db, billerId) : [];
          const known = circles.find((name) => displayKey(name) === displayKey(requested ?? ''));
          if (requested && circles.length > 0 && !known) {
            throw notFound(`This operator has no plans for the circle '${requested}'`);
          }
          const records = await listPlans(db, billerId, known);
          return jsonList<Plan>(records.map(toPlan));
        },
        isFinal,
      );
    },

    async coverage(): Promise<CoverageState[]> {
      const locations = await listLocations(db);
      return locations.map((location) => ({
        id: location.id,
        name: location.name,
        areas: uniqueAreas(location.areas),
      }));
    },

    /** Education Fees billers serving a state (id or name) and, optionally, one of its areas. */
    async educationBillers(state: string, area?: string): Promise<Biller[]> {
      const location = await findLocation(state);
      const wanted = area?.trim() ? displayKey(area) : undefined;
      const matching = location.areas.filter((candidate) => displayKey(candidate) === wanted);
      if (wanted && matching.length === 0) throw notFound(`We have no coverage for the area '${area}'`);
      const spellings = matching.length > 0 ? matching : [undefined];
      const found = await Promise.all(
        spellings.map((spelling) =>
          billersCovering(db, { category: EDUCATION_FEES, stateId: location.id, area: spelling?.trim() }),
        ),
      );
      const unique = new Map(found.flat().map((record) => [record.billerId, record]));
      return [...unique.values()].map(toBiller).sort((a, b) => a.billerName.localeCompare(b.billerName));
    },

    /** Changes whenever cached reads are forgotten: a copy of a list taken before is out of date. */
    get edition(): number {
      return invalidations;
    },

    /** Builds the search index ahead of the first search (at start, and when a sync's notice arrives). */
    warmSearch(): void {
      billerSearch.warm();
    },

    /** Forget cached reads after the master data changed. */
    invalidate(): void {
      invalidations += 1;
      billerSearch.invalidate();
      billerLists.clear();
      planLists.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
