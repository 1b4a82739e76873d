import type { BbpsBiller, BbpsLocation, BbpsPlan } from '@erti/protocols';
import { and, asc, count, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billerCircles, billers, coverageLocations, plans, syncState } from '../../db/schema/catalogue.ts';
import { builtOnce } from '../../db/statement.ts';
import { planAmountPaise } from './catalogue.mappers.ts';

/**
 * Rows per INSERT. Master data goes in as one JSON parameter expanded by `jsonb_to_recordset`: one
 * bound value per chunk instead of one per cell, which halves the time of a large sync.
 */
const INSERT_CHUNK = 2000;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

const rowsOf = (result: unknown): unknown[] => (result as { rows: unknown[] }).rows;

export async function upsertBillers(
  executor: Executor,
  records: BbpsBiller[],
  syncedAt: Date,
): Promise<void> {
  for (const chunk of chunks(records, INSERT_CHUNK)) {
    const rows = chunk.map((record) => ({
      biller_id: record.billerId,
      biller_name: record.billerName,
      search_name: record.billerName.toLowerCase(),
      category: record.billerCategory,
      coverage: record.billerCoverage,
      status: record.billerStatus,
      record,
    }));
    await executor.execute(sql`
      insert into ${billers} (biller_id, biller_name, search_name, category, coverage, status, record, synced_at)
      select biller_id, biller_name, search_name, category, coverage, status, record, ${syncedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(biller_id text, biller_name text,
        search_name text, category text, coverage text, status text, record jsonb)
      on conflict (biller_id) do update set biller_name = excluded.biller_name, search_name = excluded.search_name,
        category = excluded.category, coverage = excluded.coverage, status = excluded.status,
        record = excluded.record, synced_at = excluded.synced_at`);
  }
}

/** Billers the network no longer lists stay (old bills name them) but are no longer offered. */
/**
 * Refreshes the planner's statistics of the master data after a sync rewrote it: with the figures of
 * an empty table, a rare search is planned as a read of the whole category instead of
 * a trigram index lookup.
 */
export async function analyzeCatalogue(executor: Executor): Promise<void> {
  await executor.execute(sql`analyze ${billers}, ${plans}`);
}

export async function deactivateBillersSyncedBefore(executor: Executor, syncStart: Date): Promise<number> {
  const rows = await executor
    .update(billers)
    .set({ status: 'INACTIVE' })
    .where(and(lt(billers.syncedAt, syncStart), eq(billers.status, 'ACTIVE')))
    .returning({ billerId: billers.billerId });
  return rows.length;
}

export async function countBillers(executor: Executor): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(billers);
  return row?.total ?? 0;
}

const billerRecordColumns = { record: billers.record, status: billers.status };
const billerRecordStatement = builtOnce(
  (executor) =>
    executor
      .select(billerRecordColumns)
      .from(billers)
      .where(eq(billers.billerId, sql.placeholder('billerId'))),
  billerRecordColumns,
);

/** The stored master data of a biller and whether we still offer it. */
export async function findBillerRecord(
  executor: Executor,
  billerId: string,
): Promise<{ record: BbpsBiller; active: boolean } | undefined> {
  const [row] = await billerRecordStatement(executor, { billerId });
  return row && { record: row.record as unknown as BbpsBiller, active: row.status === 'ACTIVE' };
}

/** The master data of every biller we offer: what the search index is built from. */
export async function activeBillerRecords(executor: Executor): Promise<BbpsBiller[]> {
  const rows = await executor
    .select({ record: billers.record })
    .from(billers)
    .where(eq(billers.status, 'ACTIVE'));
  return rows.map((row) => row.record as unknown as BbpsBiller);
}

/** Active billers of a category by name, with the total before the limit. */
export async function listBillers(
  executor: Executor,
  query: { category: string; limit?: number; offset?: number },
): Promise<{ records: BbpsBiller[]; total: number }> {
  const conditions = [eq(billers.category, query.category), eq(billers.status, 'ACTIVE')];
  const select = executor
    .select({ record: billers.record })
    .from(billers)
    .where(and(...conditions))
    .orderBy(asc(billers.searchName), asc(billers.billerId))
    .$dynamic();
  if (query.limit !== undefined) select.limit(query.limit);
  if (query.offset) select.offset(query.offset);
  const rows = await select;
  const records = rows.map((row) => row.record as unknown as BbpsBiller);
  return { records, total: await totalOf(executor, conditions, query, records.length) };
}

/**
 * The number of matches before paging. A page that is not full (and not past the end) already
 * tells it; otherwise a separate count, which reads the index and not the records, so a page
 * stays cheap when tens of thousands of billers match.
 */
async function totalOf(
  executor: Executor,
  conditions: SQL[],
  page: { limit?: number; offset?: number },
  found: number,
): Promise<number> {
  const offset = page.offset ?? 0;
  const pageIsLast = page.limit === undefined || found < page.limit;
  if (pageIsLast && (found > 0 || offset === 0)) return offset + found;
  const [row] = await executor
    .select({ total: count() })
    .from(billers)
    .where(and(...conditions));
  return row?.total ?? 0;
}

/** Active billers of a category whose coverage is all India, the state, or (given one) the area. */
export async function billersCovering(
  executor: Executor,
  query: { category: string; stateId: string; area?: string },
): Promise<BbpsBiller[]> {
  const state = `IND-${query.stateId}`;
  const local = query.area
    ? sql`lower(${billers.coverage}) = ${`${state}-${query.area}`.toLowerCase()}`
    : sql`${billers.coverage} like ${`${state}-%`}`;
  const rows = await executor
    .select({ record: billers.record })
    .from(billers)
    .where(
      and(
        eq(billers.category, query.category),
        eq(billers.status, 'ACTIVE'),
        or(eq(billers.coverage, 'IND'), eq(billers.coverage, state), local),
      ),
    )
    .orderBy(asc(billers.searchName));
  return rows.map((row) => row.record as unknown as BbpsBiller);
}

/** Active billers that sell plans (plan MDM MANDATORY or OPTIONAL), with the digest of their stored plans. */
export async function planBillers(
  executor: Executor,
): Promise<{ billerId: string; plansDigest: string | null }[]> {
  return executor
    .select({ billerId: billers.billerId, plansDigest: billers.plansDigest })
    .from(billers)
    .where(
      and(
        eq(billers.status, 'ACTIVE'),
        sql`${billers.record}->>'planMdmRequirement' in ('MANDATORY', 'OPTIONAL')`,
      ),
    )
    .orderBy(asc(billers.billerId));
}

export async function setPlansDigest(
  executor: Executor,
  billerId: string,
  plansDigest: string,
): Promise<void> {
  await executor.update(billers).set({ plansDigest }).where(eq(billers.billerId, billerId));
}

/** Replaces the plans of a biller with these (its current, active, unique ones); answers how many were stored. */
export async function replacePlans(
  executor: Executor,
  billerId: string,
  records: BbpsPlan[],
  syncedAt: Date,
): Promise<number> {
  await executor.delete(plans).where(eq(plans.billerId, billerId));
  let stored = 0;
  for (const chunk of chunks(records, INSERT_CHUNK)) {
    const rows = chunk.map((record) => ({
      plan_id: record.Id,
      biller_id: record.billerId,
      circle: record.circle ?? '',
      category_type: record.categoryType,
      amount_paise: planAmountPaise(record),
      record,
    }));
    const inserted = await executor.execute(sql`
      insert into ${plans} (plan_id, biller_id, circle, category_type, amount_paise, record, synced_at)
      select plan_id, biller_id, circle, category_type, amount_paise, record, ${syncedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(plan_id text, biller_id text, circle text,
        category_type text, amount_paise bigint, record jsonb)
      on conflict do nothing
      returning plan_id`);
    stored += rowsOf(inserted).length;
  }
  return stored;
}

/** Replaces a biller's circles with these (distinct names), keeping their order. */
export async function replaceCircles(executor: Executor, billerId: string, circles: string[]): Promise<void> {
  await executor.delete(billerCircles).where(eq(billerCircles.billerId, billerId));
  if (circles.length === 0) return;
  await executor
    .insert(billerCircles)
    .values(circles.map((circle, position) => ({ billerId, circle, position })));
}

export async function listCircles(executor: Executor, billerId: string): Promise<string[]> {
  const rows = await executor
    .select({ circle: billerCircles.circle })
    .from(billerCircles)
    .where(eq(billerCircles.billerId, billerId))
    .orderBy(asc(billerCircles.position));
  return rows.map((row) => row.circle);
}

/** Plans of a biller, cheapest first: of one circle (with the circle-less ones) or all. */
export async function listPlans(executor: Executor, billerId: string, circle?: string): Promise<BbpsPlan[]> {
  const inCircle = circle === undefined ? undefined : or(eq(plans.circle, circle), eq(plans.circle, ''));
  const rows = await executor
    .select({ record: plans.record })
    .from(plans)
    .where(and(eq(plans.billerId, billerId), inCircle))
    .orderBy(asc(plans.amountPaise), asc(plans.planId));
  return rows.map((row) => row.record as unknown as BbpsPlan);
}

export async function countPlans(executor: Executor, billerId: string): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(plans).where(eq(plans.billerId, billerId));
  return row?.total ?? 0;
}

export async function findPlanRow(
  executor: Executor,
  billerId: string,
  planId: string,
): Promise<{ record: BbpsPlan; amountPaise: number } | undefined> {
  const [row] = await executor
    .select({ record: plans.record, amountPaise: plans.amountPaise })
    .from(plans)
    .where(and(eq(plans.billerId, billerId), eq(plans.planId, planId)));
  return row && { record: row.record as unknown as BbpsPlan, amountPaise: row.amountPaise };
}

export async function replaceLocations(executor: Executor, locations: BbpsLocation[]): Promise<void> {
  await executor.delete(coverageLocations);
  if (locations.length === 0) return;
  await executor
    .insert(coverageLocations)
    .values(locations.map((location) => ({ id: location.id, name: location.name, areas: location.areas })))
    .onConflictDoNothing();
}

export async function listLocations(executor: Executor): Promise<BbpsLocation[]> {
  return executor
    .select({ id: coverageLocations.id, name: coverageLocations.name, areas: coverageLocations.areas })
    .from(coverageLocations)
    .orderBy(asc(coverageLocations.name));
}

export async function recordSync(
  executor: Executor,
  name: string,
  syncedAt: Date,
  detail: Record<string, unknown>,
): Promise<void> {
  await executor
    .insert(syncState)
    .values({ name, syncedAt, detail })
    .onConflictDoUpdate({ target: syncState.name, set: { syncedAt, detail } });
}
