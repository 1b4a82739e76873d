import type { AutopayGateway } from '@erti/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * AutoPay of a My Bills entry (decision 079): the mandate the customer authorised at a gateway, its
 * cap and when to pay. One row per entry; turning AutoPay on again after it ended replaces the mandate.
 */
export const autopayMandates = pgTable(
  'autopay_mandates',
  {
    /** Our mandate id (PhonePe's merchantSubscriptionId): replaced when AutoPay is turned on again. */
    id: text('id').primaryKey(),
    myBillId: text('my_bill_id').notNull(),
    userId: text('user_id').notNull(),
    gateway: text('gateway').$type<AutopayGateway>().notNull(),
    capPaise: bigint('cap_paise', { mode: 'number' }).notNull(),
    /** 0: on the due date; N: N days before it. */
    daysBefore: integer('days_before').notNull(),
    status: text('status').$type<'pending' | 'on' | 'paused' | 'cancelled' | 'failed'>().notNull(),
    /** The gateway's names for the mandate (setup order, Razorpay's customer and token). */
    gatewayRefs: jsonb('gateway_refs').$type<{
      setupOrderId: string;
      customerId?: string;
      tokenId?: string;
    }>(),
    /** The gateway's own word for the mandate, as last read. */
    providerStatus: text('provider_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('autopay_mandates_my_bill_idx').on(table.myBillId)],
);

/**
 * What AutoPay did about one bill of an entry: at most one live row per entry and bill number, so a
 * bill is never debited twice however often its jobs run. A row ended by a pause and planned again on
 * Resume stays as `superseded`, beside the new one (decision 084). `id` is the debit id the gateway
 * sees (and the debit order's merchantOrderId).
 */
export const autopayDebits = pgTable(
  'autopay_debits',
  {
    id: text('id').primaryKey(),
    mandateId: text('mandate_id').notNull(),
    myBillId: text('my_bill_id').notNull(),
    userId: text('user_id').notNull(),
    billNumber: text('bill_number').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status')
      .$type<
        | 'notifying'
        | 'scheduled'
        | 'skipped'
        | 'debiting'
        | 'paid'
        | 'failed'
        | 'not-debited'
        | 'needs-approval'
        | 'superseded'
      >()
      .notNull(),
    /** When the debit is due: the gateway's earliest if that is later than ours. */
    debitAt: timestamp('debit_at', { withTimezone: true }),
    /** The gateway's order of the debit (from the notice). */
    gatewayOrderId: text('gateway_order_id'),
    /** The order the debit runs as, once it is attempted. */
    orderId: text('order_id'),
    /** Why it was not debited or failed, in the customer's words. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('autopay_debits_bill_idx')
      .on(table.myBillId, table.billNumber)
      .where(sql`${table.status} <> 'superseded'`),
    index('autopay_debits_order_idx').on(table.gatewayOrderId),
  ],
);
