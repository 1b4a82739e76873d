import { emailSchema } from '@erti/contracts';
import type { Executor } from '../../db/client.ts';
import { findActiveUserByEmail, type Role, updateUser } from './accounts.repository.ts';

/**
 * Gives or takes the merchant role (the merchant dashboard's access). Answers what happened, in
 * words for the operator; throws with a clear message when the e-mail has no account.
 */
export async function setRole(executor: Executor, rawEmail: string, role: Role): Promise<string> {
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) throw new Error(`"${rawEmail}" is not an e-mail address.`);
  const user = await findActiveUserByEmail(executor, email.data);
  if (!user) throw new Error(`No account uses ${email.data}. The person must sign up first.`);
  if (user.role === role) return `${email.data} already has the ${role} role.`;
  await updateUser(executor, user.id, { role }, new Date());
  return `${email.data} now has the ${role} role.`;
}

/** The accounts commands of `npm run cli`. */
export const accountCommands: Record<
  string,
  { usage: string; run: (executor: Executor, args: string[]) => Promise<string> }
> = {
  'grant-merchant': {
    usage: 'grant-merchant EMAIL   give the account the merchant role (merchant dashboard)',
    run: (executor, [email = '']) => setRole(executor, email, 'merchant'),
  },
  'revoke-merchant': {
    usage: 'revoke-merchant EMAIL  take the merchant role back',
    run: (executor, [email = '']) => setRole(executor, email, 'user'),
  },
};
