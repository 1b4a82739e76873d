import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The catalogue's tables; their SQL names (billers, plans, ...) are the migrations' and do not change.

/**
 * Biller master data synchronised from the bill network. `record` keeps the network's biller
 * (BbpsBiller) as received; the columns are what reads filter and sort on.
 */
export const billers = pgTable(
  'billers',
  {
    billerId: text('biller_id').primaryKey(),
    billerName: text('biller_name').notNull(),
    /** Lower-cased name: the catalogue's lists are sorted on it. */
    searchName: text('search_name').notNull(),
    category: text('category').notNull(),
    coverage: text('coverage').notNull().default('IND'),
    status: text('status').notNull().default('ACTIVE'),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    /** Digest of the plans and circles last stored for a plan biller: an unchanged list is not rewritten. */
    plansDigest: text('plans_digest'),
  },
  (table) => [
    index('billers_category_name_idx').on(table.category, table.searchName),
    index('billers_coverage_idx').on(table.category, table.coverage),
  ],
);

/** Plan master data (plan MDM) per biller and circle. Amounts the server charges come from here. */
export const plans = pgTable(
  'plans',
  {
    planId: text('plan_id').notNull(),
    billerId: text('biller_id').notNull(),
    circle: text('circle').notNull().default(''),
    categoryType: text('category_type').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.billerId, table.planId] }),
    index('plans_biller_circle_idx').on(table.billerId, table.circle, table.amountPaise),
  ],
);

export const billerCircles = pgTable(
  'biller_circles',
  {
    billerId: text('biller_id').notNull(),
    circle: text('circle').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.billerId, table.circle] })],
);

/** Education coverage: states and union territories with their areas. */
export const coverageLocations = pgTable('coverage_locations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  areas: jsonb('areas').$type<string[]>().notNull(),
});

/** When each kind of master data was last synchronised. */
export const syncState = pgTable('sync_state', {
  name: text('name').primaryKey(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
});

/**
 * Syncs under way, one row each however they were started (first start, schedule, a merchant on
 * demand), so health can say "syncing" from any replica. A running sync keeps pushing `heldUntil`
 * forward and deletes its row when it ends; the row of a process that died stops counting once
 * `heldUntil` has passed.
 */
export const syncRuns = pgTable('sync_runs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
});
