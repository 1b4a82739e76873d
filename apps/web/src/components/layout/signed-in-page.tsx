import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/use-session.ts';

export const linkButtonClass =
  'mt-5 inline-block rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * A page of the signed-in customer's own things (My Bills, My complaints): its title, intro and
 * content; a visitor is asked to log in (`loginNeeded` says why) and comes back to `path` after.
 */
export function SignedInPage(props: {
  path: string;
  title: string;
  intro: string;
  loginNeeded: string;
  children: ReactNode;
}) {
  const { formatMessage } = useIntl();
  const session = useSession();
  if (!session) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-gray-900">
          {formatMessage({ id: 'spec.validation.loginToContinue' })}
        </h1>
        <p className="mt-2 text-gray-700">{props.loginNeeded}</p>
        <Link to={paths.loginFrom(props.path)} className={linkButtonClass}>
          {formatMessage({ id: 'payments.login' })}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-700">{props.title}</h1>
      <p className="mt-2 text-gray-600">{props.intro}</p>
      {props.children}
    </section>
  );
}
