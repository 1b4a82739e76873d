import type { Language } from '@erti/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountDeletions, sessions, users } from '../../db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];

/** True when `error` (or what it wraps) is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function findActiveUserByEmail(executor: Executor, email: string) {
  const [user] = await executor
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return user;
}

export async function findActiveUserById(executor: Executor, id: string) {
  const [user] = await executor
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user;
}

export async function insertUser(
  executor: Executor,
  user: {
    id: string;
    name: string;
    email: string;
    phone: string;
    passwordHash: string;
    language: Language;
  },
) {
  const [row] = await executor.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(
  executor: Executor,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'email' | 'phone' | 'pic' | 'passwordHash' | 'role' | 'language'>>,
  now: Date,
) {
  const [row] = await executor
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

/** Removes the personal data of an account; its orders, tax and audit records stay (spec section 2). */
export async function anonymiseUser(executor: Executor, id: string, now: Date) {
  const [row] = await executor
    .update(users)
    .set({
      name: 'Deleted user',
      email: null,
      phone: null,
      pic: null,
      passwordHash: null,
      role: 'user',
      updatedAt: now,
      deletedAt: now,
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return row;
}

export async function insertAccountDeletion(
  executor: Executor,
  deletion: { id: string; userId: string; feedback: string },
) {
  await executor.insert(accountDeletions).values(deletion);
}

export async function revokeUserSessions(executor: Executor, userId: string, now: Date) {
  await executor
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeSession(executor: Executor, sessionId: string, now: Date) {
  await executor
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
