import {
  accountMessages,
  type EditProfileRequest,
  type EditProfileResponse,
  type Language,
  messages,
  type UserProfile,
} from '@erti/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { endAutopayOfDeletedAccount } from '../autopay/index.ts';
import { forgetSavedBills } from '../bills/index.ts';
import { forgetMyBills } from '../my-bills/index.ts';
import { accountLimits } from './account-limits.ts';
import {
  anonymiseUser,
  findActiveUserByEmail,
  findActiveUserById,
  insertAccountDeletion,
  isUniqueViolation,
  revokeUserSessions,
  type UserRow,
  updateUser,
} from './accounts.repository.ts';
import { failureLimiter } from './failure-limiter.ts';
import { deleteOtpsOfEmail } from './otp.repository.ts';
import type { OtpService } from './otp.service.ts';
import { assertJpegPicture } from './profile-picture.ts';

export interface ProfileServiceDeps {
  db: Database;
  otp: OtpService;
  clock: () => Date;
}

const toProfile = (user: UserRow): UserProfile => ({
  _id: user.id,
  name: user.name,
  email: user.email ?? '',
  phone: user.phone ?? '',
  pic: user.pic,
  role: user.role,
  language: user.language,
});

/** The signed-in user's own record: read, edit, delete. Another user's record is never reached. */
export function createProfileService(deps: ProfileServiceDeps) {
  const { db, otp } = deps;

  async function ownUser(callerId: string, userId: string): Promise<UserRow> {
    if (callerId !== userId) throw forbidden(accountMessages.ownProfileOnly);
    const user = await findActiveUserById(db, userId);
    if (!user) throw notFound(messages.errors.invalidUser);
    return user;
  }

  async function getProfile(callerId: string, userId: string): Promise<UserProfile> {
    return toProfile(await ownUser(callerId, userId));
  }

  /**
   * Replaces the profile. A new e-mail must be free and proven with an OTP sent to it (sign-in
   * codes go there from now on); the picture is checked by its decoded bytes.
   */
  async function editProfile(
    callerId: string,
    userId: string,
    edit: EditProfileRequest,
  ): Promise<EditProfileResponse> {
    const user = await ownUser(callerId, userId);
    if (edit.pic) assertJpegPicture(edit.pic);
    const emailChanges = edit.email !== user.email;
    if (emailChanges && (await findActiveUserByEmail(db, edit.email))) {
      throw conflict(accountMessages.emailTaken);
    }
    const emailOtp = emailChanges ? await otp.findVerified(db, edit.email, 'email') : undefined;
    if (emailChanges && !emailOtp) throw forbidden(accountMessages.verifyNewEmail);
    const updated = await db.transaction(async (tx) => {
      if (emailOtp && !(await otp.consume(tx, emailOtp))) throw forbidden(accountMessages.verifyNewEmail);
      const changes = { name: edit.name, email: edit.email, phone: edit.phone, pic: edit.pic };
      return updateUser(tx, user.id, changes, deps.clock()).catch((error) => {
        throw isUniqueViolation(error) ? conflict(accountMessages.emailTaken) : error;
      });
    });
    if (!updated) throw notFound(messages.errors.invalidUser);
    return { ...toProfile(updated), message: accountMessages.profileUpdated };
  }

  /**
   * Records the feedback, removes the personal data, ends every session and forgets the e-mail's
   * codes, counters, saved bills and My Bills, and ends its AutoPay (revoked at the gateways by a job);
   * orders, tax and audit records stay. The e-mail may sign up again.
   */
  async function deleteAccount(userId: string, feedback: string): Promise<void> {
    await db.transaction(async (tx) => {
      const now = deps.clock();
      const user = await findActiveUserById(tx, userId);
      if (!user || !(await anonymiseUser(tx, userId, now))) throw notFound(messages.errors.invalidUser);
      await insertAccountDeletion(tx, { id: newId('del'), userId, feedback });
      await revokeUserSessions(tx, userId, now);
      await forgetSavedBills(tx, userId);
      await endAutopayOfDeletedAccount(tx, userId);
      await forgetMyBills(tx, userId);
      if (!user.email) return;
      await deleteOtpsOfEmail(tx, user.email);
      await failureLimiter.clear(tx, [
        accountLimits.signinAccount(user.email),
        accountLimits.otpSends(user.email, false),
        accountLimits.otpSends(user.email, true),
      ]);
    });
  }

  /** The language of the customer's mails and receipts from now on (decision 090). */
  async function setLanguage(userId: string, language: Language): Promise<void> {
    if (!(await updateUser(db, userId, { language }, deps.clock())))
      throw notFound(messages.errors.invalidUser);
  }

  return { getProfile, editProfile, setLanguage, deleteAccount };
}

export type ProfileService = ReturnType<typeof createProfileService>;
