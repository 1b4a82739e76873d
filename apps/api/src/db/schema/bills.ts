import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every bill fetched (and every validation) for a user: the network's answer with its `refId`,
 * which paying the bill later needs. The amount the server charges for a bill comes from here.
 */
export const billFetches = pgTable(
  'bill_fetches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').$type<'fetch' | 'validate'>().notNull(),
    billerId: text('biller_id').notNull(),
    category: text('category').notNull(),
    customerParams: jsonb('customer_params').$type<{ name: string; value: string }[]>().notNull(),
    refId: text('ref_id'),
    respCode: text('resp_code').notNull(),
    /** Bill amount in paise (fetch success), or the validated amount. */
    amountPaise: bigint('amount_paise', { mode: 'number' }),
    planId: text('plan_id'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bill_fetches_user_idx').on(table.userId, table.createdAt),
    index('bill_fetches_ref_idx').on(table.refId),
  ],
);

/**
 * The user's saved bills (Recent Bills on the biller page): one row per biller account, holding its
 * latest fetched bill, so that a monthly bill does not add a new entry every month.
 */
export const savedBills = pgTable(
  'saved_bills',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    category: text('category').notNull(),
    billerId: text('biller_id').notNull(),
    billerName: text('biller_name').notNull(),
    customerName: text('customer_name').notNull(),
    billNumber: text('bill_number').notNull(),
    dueDate: text('due_date').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    customerParams: jsonb('customer_params').$type<{ name: string; value: string }[]>().notNull(),
    /** The customer account the bill is for (its parameters, canonical): one saved bill per account. */
    accountKey: text('account_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_bills_user_account_idx').on(table.userId, table.billerId, table.accountKey),
    index('saved_bills_user_category_idx').on(table.userId, table.category, table.updatedAt),
  ],
);
