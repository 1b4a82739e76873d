import { accountMessages, MAX_IMAGE_BYTES, messages } from '@erti/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletions, otps, sessions, users } from '../src/db/schema/accounts.ts';
import { savedBills } from '../src/db/schema/bills.ts';
import { setRole } from '../src/modules/accounts/accounts.cli.ts';
import { bearer, logIn, post, signUpUser, verifiedOtp } from './support/accounts.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

const jpegDataUrl = (bytes = 2048) => {
  const image = Buffer.alloc(bytes, 7);
  image.set([0xff, 0xd8, 0xff, 0xe0]);
  return `data:image/jpeg;base64,${image.toString('base64')}`;
};
const pngAsJpeg = `data:image/jpeg;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;

const getProfile = (userId: string, token?: string) =>
  env.app.inject({ url: `/api/users/profile/${userId}`, headers: token ? bearer(token) : {} });
const editProfile = (userId: string, token: string, payload: Record<string, unknown>) =>
  env.app.inject({ method: 'PUT', url: `/api/users/edit/${userId}`, headers: bearer(token), payload });
const userById = async (id: string) =>
  (await env.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('profile', () => {
  let asha: { Token: string; UserId: string };
  let ravi: { Token: string; UserId: string };
  const ashaProfile = { name: 'Asha Rao', email: 'asha.profile@example.com', phone: '9876543210' };
  beforeAll(async () => {
    asha = await signUpUser(env, ashaProfile.email, ashaProfile);
    ravi = await signUpUser(env, 'ravi.profile@example.com', { name: 'Ravi' });
  });

  it('needs the Bearer token and reaches only the caller’s own record', async () => {
    const anonymous = await getProfile(asha.UserId);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Please login to continue');
    const forged = await getProfile(asha.UserId, `${asha.Token}x`);
    expect(forged.statusCode).toBe(401);
    const other = await getProfile(ravi.UserId, asha.Token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(accountMessages.ownProfileOnly);
    expect(JSON.stringify(other.json())).not.toContain('Ravi');
  });

  it('saves the whole profile with a JPEG picture and answers the updated profile', async () => {
    const pic = jpegDataUrl();
    const answer = await editProfile(asha.UserId, asha.Token, {
      _id: asha.UserId,
      ...ashaProfile,
      name: 'Asha R.',
      phone: '9123456780',
      pic,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      _id: asha.UserId,
      name: 'Asha R.',
      email: ashaProfile.email,
      phone: '9123456780',
      pic,
      role: 'user',
      language: 'en',
      message: accountMessages.profileUpdated,
    });
    expect((await getProfile(asha.UserId, asha.Token)).json().pic).toBe(pic);

    const withoutPic = await editProfile(asha.UserId, asha.Token, { ...ashaProfile });
    expect(withoutPic.json().pic).toBe(pic);
    const removed = await editProfile(asha.UserId, asha.Token, { ...ashaProfile, pic: null });
    expect(removed.json().pic).toBeNull();
  });

  it('refuses a picture that is not a JPEG or too large, changing nothing', async () => {
    const before = await userById(asha.UserId);
    const notJpeg = await editProfile(asha.UserId, asha.Token, {
      ...ashaProfile,
      name: 'Changed',
      pic: pngAsJpeg,
    });
    expect(notJpeg.statusCode).toBe(400);
    expect(notJpeg.json().message).toBe(accountMessages.pictureNotJpeg);
    const notImageUrl = await editProfile(asha.UserId, asha.Token, {
      ...ashaProfile,
      pic: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(notImageUrl.statusCode).toBe(400);
    const huge = await editProfile(asha.UserId, asha.Token, {
      ...ashaProfile,
      name: 'Changed',
      pic: jpegDataUrl(MAX_IMAGE_BYTES + 3),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain(accountMessages.pictureTooLarge);
    expect(await userById(asha.UserId)).toEqual(before);
  });

  it('validates the fields and refuses editing another user', async () => {
    const badPhone = await editProfile(asha.UserId, asha.Token, { ...ashaProfile, phone: '12345' });
    expect(badPhone.statusCode).toBe(400);
    const noName = await editProfile(asha.UserId, asha.Token, { ...ashaProfile, name: '  ' });
    expect(noName.json().message).toContain(messages.validation.profileName);
    const other = await editProfile(ravi.UserId, asha.Token, { ...ashaProfile });
    expect(other.statusCode).toBe(403);
    expect((await userById(ravi.UserId))?.name).toBe('Ravi');
  });

  it('moves the account to a new e-mail only once the new address is proven with an OTP', async () => {
    const newEmail = 'asha.new@example.com';
    const unproven = await editProfile(asha.UserId, asha.Token, { ...ashaProfile, email: newEmail });
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().message).toBe(accountMessages.verifyNewEmail);
    const taken = await editProfile(asha.UserId, asha.Token, {
      ...ashaProfile,
      email: 'ravi.profile@example.com',
    });
    expect(taken.statusCode).toBe(409);
    const takenOtp = await post(env, '/users/otp', { email: 'ravi.profile@example.com', purpose: 'email' });
    expect(takenOtp.statusCode).toBe(409);

    await verifiedOtp(env, newEmail, 'email');
    expect(env.lastMail(newEmail)?.subject).toContain('new');
    const moved = await editProfile(asha.UserId, asha.Token, { ...ashaProfile, email: newEmail });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().email).toBe(newEmail);
    expect((await logIn(env, newEmail)).statusCode).toBe(200);
    // The old address has no account now: it is answered as one (decision 105) and mailed no code.
    const oldAddress = await post(env, '/users/otp', { email: ashaProfile.email, purpose: 'login' });
    expect(oldAddress.statusCode).toBe(200);
    expect(env.lastMail(ashaProfile.email)?.subject).toBe('Your Erti Pay login request');
  });
});

describe('logout', () => {
  it('revokes the token of the session that logs out, and only that one', async () => {
    const email = 'two.devices@example.com';
    const first = await signUpUser(env, email);
    const second = (await logIn(env, email)).json();
    const answer = await post(env, '/users/logout', {}, bearer(first.Token));
    expect(answer.json()).toEqual({ message: accountMessages.loggedOut });
    expect((await getProfile(first.UserId, first.Token)).statusCode).toBe(401);
    expect((await getProfile(first.UserId, second.Token)).statusCode).toBe(200);
    expect((await post(env, '/users/logout', {}, bearer(first.Token))).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  const email = 'leaving@example.com';

  it('needs a signed-in user and a feedback', async () => {
    const anonymous = await post(env, '/users/delete-account', { feedback: 'bye' });
    expect(anonymous.statusCode).toBe(401);
    const { Token } = await signUpUser(env, 'feedback.needed@example.com');
    const blank = await post(env, '/users/delete-account', { feedback: '   ' }, bearer(Token));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Feedback is required before deleting your account.');
  });

  it('anonymises the account, keeps the feedback, ends every session and frees the e-mail', async () => {
    const first = await signUpUser(env, email, { name: 'Leaving User' });
    const second = (await logIn(env, email)).json();
    await env.database.db.insert(savedBills).values({
      id: 'sbl_leaving',
      userId: first.UserId,
      category: 'Electricity',
      billerId: 'TNEB00000TND01',
      billerName: 'Tamil Nadu Electricity Board',
      accountKey: 'TNEB00000TND01|123456789012',
      customerName: 'Leaving User',
      billNumber: 'B1',
      dueDate: '2026-12-01',
      amountPaise: 10_000,
      customerParams: [{ name: 'Consumer Number', value: '123456789012' }],
    });
    const answer = await post(
      env,
      '/users/delete-account',
      { feedback: 'Too many apps' },
      bearer(first.Token),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Your account has been deleted successfully' });

    for (const token of [first.Token, second.Token]) {
      const old = await getProfile(first.UserId, token);
      expect(old.statusCode).toBe(401);
    }
    const row = await userById(first.UserId);
    expect(row).toMatchObject({
      name: 'Deleted user',
      email: null,
      phone: null,
      pic: null,
      passwordHash: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const feedback = await env.database.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, first.UserId));
    expect(feedback[0]?.feedback).toBe('Too many apps');
    const live = await env.database.db.select().from(sessions).where(eq(sessions.userId, first.UserId));
    expect(live.every((session) => session.revokedAt)).toBe(true);
    expect(await env.database.db.select().from(otps).where(eq(otps.email, email))).toHaveLength(0);
    expect(
      await env.database.db.select().from(savedBills).where(eq(savedBills.userId, first.UserId)),
    ).toHaveLength(0);

    const again = await signUpUser(env, email, { name: 'Back Again' });
    expect(again.UserId).not.toBe(first.UserId);
    expect((await getProfile(again.UserId, again.Token)).json().name).toBe('Back Again');
  });
});

describe('merchant role commands', () => {
  it('grants and revokes the merchant role by e-mail, with a clear message for an unknown one', async () => {
    const { UserId, Token } = await signUpUser(env, 'shopkeeper@example.com');
    const roleInProfile = async () => (await getProfile(UserId, Token)).json().role;
    expect(await roleInProfile()).toBe('user');
    expect(await setRole(env.database.db, 'Shopkeeper@example.com', 'merchant')).toBe(
      'shopkeeper@example.com now has the merchant role.',
    );
    expect((await userById(UserId))?.role).toBe('merchant');
    expect(await roleInProfile()).toBe('merchant');
    expect(await setRole(env.database.db, 'shopkeeper@example.com', 'merchant')).toContain('already');
    await setRole(env.database.db, 'shopkeeper@example.com', 'user');
    expect((await userById(UserId))?.role).toBe('user');
    expect(await roleInProfile()).toBe('user');
    await expect(setRole(env.database.db, 'nobody@example.com', 'merchant')).rejects.toThrow(
      'No account uses nobody@example.com. The person must sign up first.',
    );
    await expect(setRole(env.database.db, 'nonsense', 'merchant')).rejects.toThrow('not an e-mail');
  });
});
