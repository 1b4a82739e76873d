import type { SigninResponse, UserProfile } from '@erti/contracts';
import type { Language } from '@erti/contracts/languages';
import { type StoredUserData, saveSession, saveUserData } from '../../lib/session.ts';
import { getProfile } from './api/get-profile.ts';

type UserDetails = Pick<UserProfile, '_id' | 'name' | 'email' | 'phone'>;

const userDataOf = (profile: UserDetails): StoredUserData => ({
  userName: profile.name,
  name: profile.name,
  email: profile.email,
  phone: profile.phone,
  _id: profile._id,
});

/** After sign-up: the whole answer is the session ('ertiUser'); the form has the user data. */
export function startSessionWith(session: SigninResponse, profile: UserDetails): void {
  saveSession(session, userDataOf(profile));
}

/**
 * After login: the whole answer is the session; the user data ('ertiUserData') comes from the
 * profile. A profile failure is logged only (spec section 8), leaving what the login form knows.
 * Answers the profile's language, if it has one.
 */
export async function startSessionFromProfile(
  session: SigninResponse,
  email: string,
): Promise<Language | undefined> {
  saveSession(session, { userName: '', email, phone: '', _id: session.UserId });
  try {
    const profile = await getProfile(session.UserId);
    saveUserData(userDataOf(profile));
    return profile.language;
  } catch (error) {
    console.error('Could not load the profile after login', error);
    return undefined;
  }
}
