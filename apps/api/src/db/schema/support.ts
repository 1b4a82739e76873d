import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What the complaint form told us besides the fields we query on. Amount in paise. */
export interface ComplaintDetails {
  name: string;
  email: string;
  contactNumber: string;
  initiatedVia?: string;
  transactionDate?: string;
  transactionAmountPaise?: number;
  description?: string;
}

/**
 * Complaints raised by visitors and users. Those about a Bharat Connect transaction are registered on
 * the network (`channel` 'network', `complaintId` the network's); the others are ours to resolve
 * (`channel` 'local', `complaintId` our `cmp_…` id).
 */
export const complaints = pgTable(
  'complaints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    complaintId: text('complaint_id').notNull().unique(),
    channel: text('channel').$type<'network' | 'local'>().notNull(),
    /** The network's complaint type. */
    complaintType: text('complaint_type').$type<'Transaction' | 'Service'>().notNull(),
    queryType: text('query_type').notNull(),
    disposition: text('disposition'),
    txnReferenceId: text('txn_reference_id'),
    /** LOGGED (ours, not yet picked up) or the network's: ASSIGNED, RE-ASSIGNED, ESCALATED, RESOLVED, CLOSED. */
    status: text('status').notNull(),
    remarks: text('remarks').notNull().default(''),
    expectedResolutionDate: date('expected_resolution_date', { mode: 'string' }).notNull(),
    details: jsonb('details').$type<ComplaintDetails>().notNull(),
    /** A data URL (PNG, JPEG or WebP, checked by its bytes). */
    screenshot: text('screenshot'),
    senderIp: text('sender_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('complaints_user_idx').on(table.userId),
    index('complaints_txn_idx').on(table.txnReferenceId),
    index('complaints_sender_idx').on(table.senderIp, table.createdAt),
  ],
);

/**
 * One-time codes mailed to the payer's address before a complaint about their payment is taken from
 * someone not signed in as them (decision 106). Kept as keyed digests, never the code; `senderIp` is
 * the requesting address (an IPv6 one by its /64), for the per-requester limit.
 */
export const complaintCodes = pgTable(
  'complaint_codes',
  {
    id: text('id').primaryKey(),
    txnReferenceId: text('txn_reference_id').notNull(),
    /** The payer's address the code was mailed to. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    senderIp: text('sender_ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('complaint_codes_txn_idx').on(table.txnReferenceId, table.createdAt),
    index('complaint_codes_email_idx').on(table.email, table.createdAt),
    index('complaint_codes_sender_idx').on(table.senderIp, table.createdAt),
  ],
);

/** Wrong complaint codes, one row each, counted per requesting address (an IPv6 one by its /64). */
export const complaintCodeMisses = pgTable(
  'complaint_code_misses',
  {
    id: text('id').primaryKey(),
    senderIp: text('sender_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('complaint_code_misses_sender_idx').on(table.senderIp, table.createdAt)],
);

/** Messages sent through the contact form; `deliveredAt` once support's copy has been sent. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    senderIp: text('sender_ip').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_sender_idx').on(table.senderIp, table.createdAt)],
);
