import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * My Bills: a biller account a customer asked us to watch (decision 072). It holds the newest bill
 * the network presented for it, found by the scheduled checks, and whether its reminders are on.
 * AutoPay attaches later as a table of its own keyed by `my_bill_id` (the mandate and its cap).
 */
export const myBills = pgTable(
  'my_bills',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    billerId: text('biller_id').notNull(),
    billerName: text('biller_name').notNull(),
    category: text('category').notNull(),
    nickname: text('nickname').notNull(),
    customerParams: jsonb('customer_params').$type<{ name: string; value: string }[]>().notNull(),
    /** The customer account (its parameters, canonical): one entry per account of a biller. */
    accountKey: text('account_key').notNull(),
    remindersOn: boolean('reminders_on').notNull().default(true),
    /** What the last answered check said: a bill is presented, or none is due; null before the first. */
    presentment: text('presentment').$type<'bill' | 'no-bill'>(),
    billNumber: text('bill_number'),
    billAmountPaise: bigint('bill_amount_paise', { mode: 'number' }),
    /** YYYY-MM-DD, a calendar day in India, as the network sends it. */
    billDueDate: text('bill_due_date'),
    billCustomerName: text('bill_customer_name'),
    /** The network's reference of the fetch that presented the bill: AutoPay's bill payment quotes it. */
    billRefId: text('bill_ref_id'),
    billFoundAt: timestamp('bill_found_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** The scheduled check that is current: a check job of an older number does nothing. */
    checkSeq: integer('check_seq').notNull().default(0),
    /** A check under way holds this lease: never two checks of one bill at once. */
    checkingUntil: timestamp('checking_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('my_bills_user_account_idx').on(table.userId, table.billerId, table.accountKey),
    index('my_bills_user_idx').on(table.userId, table.createdAt),
  ],
);

/** Every reminder sent: one per bill and kind, so none goes out twice (replicas, restarts, retries). */
export const billReminders = pgTable(
  'bill_reminders',
  {
    id: text('id').primaryKey(),
    myBillId: text('my_bill_id').notNull(),
    billNumber: text('bill_number').notNull(),
    // 'autopay-will-pay': the one mail that stands for the reminders by the due date of a bill AutoPay will pay (decision 115).
    kind: text('kind')
      .$type<'new' | 'due-in-3-days' | 'due-tomorrow' | 'overdue' | 'autopay-will-pay'>()
      .notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bill_reminders_once_idx').on(table.myBillId, table.billNumber, table.kind)],
);

/** When each biller was last asked by a My Bills check: paces the checks per biller across replicas. */
export const billerChecks = pgTable('biller_checks', {
  billerId: text('biller_id').primaryKey(),
  lastCheckAt: timestamp('last_check_at', { withTimezone: true }).notNull(),
});
