import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { withData } from '../../../lib/with-data.tsx';

/**
 * The signed-in menu, its profile and logout calls: a chunk of their own, fetched once a session is
 * there, so a visitor's first JavaScript does not carry them (decision 092). Until it is here, a box of
 * the avatar's size keeps its place. The data layer comes with it (decision 096).
 */
const SignedInMenu = lazy(async () => ({
  default: await withData(() => import('./signed-in-menu.tsx').then((module) => module.SignedInMenu)),
}));

/**
 * The navigation bar's account area: SIGNUP and LOGIN when logged out; the profile picture
 * (or a default icon) with Profile, Transaction, My Bills, My complaints, Delete Account and Logout when logged in, plus
 * Merchant Dashboard when the profile says the account is a merchant (decision 042).
 */
export function AccountMenu() {
  const session = useSession();
  const { formatMessage } = useIntl();
  if (session)
    return (
      <Suspense fallback={<div className="h-10 w-10" />}>
        <SignedInMenu />
      </Suspense>
    );
  return (
    <div className="flex gap-2 whitespace-nowrap">
      {/* On a phone Sign up is in the toggle menu: both buttons in Tamil are wider than the bar. */}
      <Link
        to={paths.signup}
        className="hidden rounded-md border border-brand-700 px-3 py-1.5 font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:block"
      >
        {formatMessage({ id: 'nav.accountMenu.signup' })}
      </Link>
      <Link
        to={paths.login}
        className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {formatMessage({ id: 'nav.accountMenu.login' })}
      </Link>
    </div>
  );
}
