import { and, desc, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { type OtpRowPurpose, otps } from '../../db/schema/accounts.ts';

export type OtpRow = typeof otps.$inferSelect;

/** The codes sent to one e-mail for one purpose. */
const sentTo = (email: string, purpose: OtpRowPurpose) =>
  and(eq(otps.email, email), eq(otps.purpose, purpose));

/**
 * The codes asked for from a browser known to the account, or those asked for from anywhere else:
 * neither kind retires, delays or uses up the other (decision 104).
 */
const askedFrom = (knownDevice: boolean) => eq(otps.knownDevice, knownDevice);

/** Not used up and not expired at `now`. */
const live = (now: Date) => and(isNull(otps.consumedAt), gt(otps.expiresAt, now));

/** A conditional update of OTP rows; true when it moved at least one (false: someone else moved first). */
async function updateOtps(
  executor: Executor,
  values: PgUpdateSetSource<typeof otps>,
  where: SQL | undefined,
) {
  const rows = await executor.update(otps).set(values).where(where).returning({ id: otps.id });
  return rows.length > 0;
}

/** When the newest OTP of this e-mail, purpose and kind of browser was sent (for the resend wait). */
export async function newestOtpSentAt(
  executor: Executor,
  email: string,
  purpose: OtpRowPurpose,
  knownDevice: boolean,
) {
  const [row] = await executor
    .select({ createdAt: otps.createdAt })
    .from(otps)
    .where(and(sentTo(email, purpose), askedFrom(knownDevice)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  return row?.createdAt;
}

/**
 * Retires every unused OTP of this e-mail and purpose asked for from this kind of browser (from
 * any, when `knownDevice` is not given): only the newest code of each kind works.
 */
export async function retirePendingOtps(
  executor: Executor,
  email: string,
  purpose: OtpRowPurpose,
  now: Date,
  knownDevice?: boolean,
) {
  const kind = knownDevice === undefined ? undefined : askedFrom(knownDevice);
  await updateOtps(executor, { consumedAt: now }, and(sentTo(email, purpose), kind, isNull(otps.consumedAt)));
}

export async function insertOtp(executor: Executor, otp: typeof otps.$inferInsert) {
  await executor.insert(otps).values(otp);
}

export async function deleteOtp(executor: Executor, id: string) {
  await executor.delete(otps).where(eq(otps.id, id));
}

export async function deleteOtpsOfEmail(executor: Executor, email: string) {
  await executor.delete(otps).where(eq(otps.email, email));
}

/** The newest live, not yet verified OTP of this e-mail for one of `purposes`, of this kind of browser. */
export async function findUnverifiedOtp(
  executor: Executor,
  email: string,
  purposes: OtpRowPurpose[],
  now: Date,
  knownDevice: boolean,
) {
  const [row] = await executor
    .select()
    .from(otps)
    .where(
      and(
        eq(otps.email, email),
        inArray(otps.purpose, purposes),
        askedFrom(knownDevice),
        isNull(otps.verifiedAt),
        live(now),
      ),
    )
    .orderBy(desc(otps.createdAt))
    .limit(1);
  return row;
}

/** The live password reset `id` (the one a browser's cookie names). */
export async function findPendingReset(executor: Executor, id: string, now: Date) {
  const [row] = await executor
    .select()
    .from(otps)
    .where(and(eq(otps.id, id), eq(otps.purpose, 'reset'), live(now)));
  return row;
}

/** The newest OTP of this e-mail and purpose verified since `since` and not used yet. */
export async function findVerifiedOtp(
  executor: Executor,
  email: string,
  purpose: OtpRowPurpose,
  since: Date,
) {
  const [row] = await executor
    .select()
    .from(otps)
    .where(and(sentTo(email, purpose), gte(otps.verifiedAt, since), isNull(otps.consumedAt)))
    .orderBy(desc(otps.verifiedAt))
    .limit(1);
  return row;
}

/**
 * Counts a try before the code is compared, atomically, so that parallel guesses cannot share one
 * remaining try. False when the OTP has used up its `maxTries`.
 */
export function reserveTry(executor: Executor, id: string, maxTries: number) {
  return updateOtps(
    executor,
    { wrongTries: sql`${otps.wrongTries} + 1` },
    and(eq(otps.id, id), lt(otps.wrongTries, maxTries), isNull(otps.verifiedAt)),
  );
}

/** Marks a right code verified; the try reserved for it was not a wrong one. */
export function markVerified(executor: Executor, id: string, now: Date) {
  return updateOtps(
    executor,
    { verifiedAt: now, wrongTries: sql`${otps.wrongTries} - 1` },
    and(eq(otps.id, id), isNull(otps.verifiedAt), isNull(otps.consumedAt)),
  );
}

/** Uses an OTP up; false when someone else used it first. */
export function consumeOtp(executor: Executor, id: string, now: Date) {
  return updateOtps(executor, { consumedAt: now }, and(eq(otps.id, id), isNull(otps.consumedAt)));
}
