import type { Biller } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../src/config.ts';
import { users } from '../../src/db/schema/accounts.ts';
import { billers } from '../../src/db/schema/catalogue.ts';
import { newId } from '../../src/lib/ids.ts';
import { startTestEnv, type TestEnv } from './test-env.ts';

/** A user with a live session: `headers` carry its bearer token. */
export interface SignedInUser {
  userId: string;
  email: string;
  headers: Record<string, string>;
}

/** A user row made directly (no OTP round trip) and a session token for it. */
export async function signedInUser(
  env: TestEnv,
  options: { role?: 'user' | 'merchant'; phone?: string | null } = {},
): Promise<SignedInUser> {
  const userId = newId('usr');
  const email = `${userId.toLowerCase()}@example.com`;
  await env.database.db.insert(users).values({
    id: userId,
    name: 'Asha Rao',
    email,
    phone: options.phone === undefined ? '9876543210' : options.phone,
    role: options.role ?? 'user',
  });
  const token = await env.built.deps.auth.issueToken(userId);
  return { userId, email, headers: { authorization: `Bearer ${token}` } };
}

/** Copies the sandbox network's master data into the api's database, as a merchant would on demand. */
export async function syncCatalogue(env: TestEnv) {
  const merchant = await signedInUser(env, { role: 'merchant' });
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/bbps/prod/sync',
    headers: merchant.headers,
  });
  if (response.statusCode !== 200) throw new Error(`sync failed: ${response.body}`);
  return response.json() as {
    billers: number;
    plans: number;
    circles: number;
    locations: number;
    deactivated: number;
  };
}

/**
 * A Water biller written straight into our copy of the catalogue, last synced a day ago: one the
 * network no longer lists, which the next sync deactivates.
 */
export async function insertUnlistedBiller(env: TestEnv, biller: { billerId: string; billerName: string }) {
  const [sample] = await env.database.db.select().from(billers).where(eq(billers.category, 'Water')).limit(1);
  if (!sample) throw new Error('no Water biller');
  await env.database.db.insert(billers).values({
    ...sample,
    ...biller,
    searchName: biller.billerName.toLowerCase(),
    record: { ...sample.record, ...biller },
    syncedAt: new Date(Date.now() - 86_400_000),
  });
}

export async function billersOf(env: TestEnv, category: string): Promise<Biller[]> {
  const response = await env.app.inject({
    method: 'GET',
    url: `/api/bbps/prod/${encodeURIComponent(category)}`,
  });
  if (response.statusCode !== 200) throw new Error(`billers of ${category}: ${response.body}`);
  return response.json();
}

/** The first biller of a category that fits, or a failed test. */
export async function billerWhere(env: TestEnv, category: string, fits: (biller: Biller) => boolean) {
  const biller = (await billersOf(env, category)).find(fits);
  if (!biller) throw new Error(`no ${category} biller fits`);
  return biller;
}

const digitsPattern = /^\^\[0-9\]\{(\d+)(?:,(\d+))?\}\$$/;

/** A single digits-only parameter (`^[0-9]{n}$` or `^[0-9]{m,n}$`), so that test numbers are easy to make. */
export const hasOneDigitsParam = (biller: Biller) =>
  biller.customerParams.length === 1 && digitsPattern.test(biller.customerParams[0]?.regex ?? '');

/**
 * A value of the biller's first (digits-only) parameter ending in `ending`: the sandbox picks its
 * answer by the last four characters (0001 invalid account, 0004 no bill due, 0008 biller down).
 */
export function customerNumber(biller: Biller, ending: string): string {
  const param = biller.customerParams[0];
  const match = digitsPattern.exec(param?.regex ?? '');
  if (!param || !match) throw new Error(`${biller.billerId} has no digits-only first parameter`);
  const value = '7'.repeat(Number(match[1]) - ending.length) + ending;
  if (!new RegExp(param.regex).test(value)) throw new Error(`${value} does not match ${param.regex}`);
  return value;
}

/** An electricity board that presents bills and asks for one number of digits: the bill the suites pay. */
export const fetchingElectricityBoard = (env: TestEnv) =>
  billerWhere(
    env,
    'Electricity',
    (biller) => biller.fetchRequirement === 'MANDATORY' && hasOneDigitsParam(biller),
  );

/**
 * The set-up of the bill and payment suites: the whole system with the network's catalogue copied
 * in, the electricity board they pay and a signed-in customer.
 */
export async function startBillPaymentEnv(overrides: Partial<Config> = {}) {
  const env = await startTestEnv(overrides);
  try {
    await syncCatalogue(env);
    return { env, electricity: await fetchingElectricityBoard(env), user: await signedInUser(env) };
  } catch (error) {
    await env.close();
    throw error;
  }
}
