import type { Language } from '@erti/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Null once the account is deleted (anonymised); the address may then sign up again. */
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    pic: text('pic'),
    role: text('role').$type<'user' | 'merchant'>().notNull().default('user'),
    /** The language of the customer's mails and receipts (decision 090). */
    language: text('language').$type<Language>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('users_email_idx').on(table.email).where(sql`${table.email} is not null`)],
);

export type OtpRowPurpose = 'signup' | 'login' | 'reset' | 'email';

/** Sessions back the signed tokens so that logout-everywhere and account deletion revoke them. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * One-time passwords, stored as keyed digests (never the code). `email` is an OTP that proves a
 * new address before a profile's e-mail changes to it.
 */
export const otps = pgTable(
  'otps',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<OtpRowPurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * Asked for from a browser that has signed in to this account before (decision 104): such codes
     * have their own mail allowance, resend wait and wrong tries, which a stranger's requests cannot touch.
     */
    knownDevice: boolean('known_device').notNull().default(false),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('otps_email_purpose_idx').on(table.email, table.purpose, table.createdAt)],
);

/**
 * Counters in fixed windows, shared by every api replica: failed sign-ins per account and per
 * address, wrong OTPs and reset codes per address, OTP mails and unknown accounts asked for
 * (account-limits.ts). `key` names the counter.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

export const accountDeletions = pgTable('account_deletions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  feedback: text('feedback').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
