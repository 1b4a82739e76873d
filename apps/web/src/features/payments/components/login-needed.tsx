import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** A page that shows the user's own payments asks a logged-out visitor to log in first. */
export function LoginNeeded({ from }: { from: string }) {
  const { formatMessage } = useIntl();
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-gray-900">
        {formatMessage({ id: 'spec.validation.loginToContinue' })}
      </h1>
      <p className="mt-2 text-gray-700">{formatMessage({ id: 'payments.loginNeeded.text' })}</p>
      <Link
        to={paths.loginFrom(from)}
        className="mt-5 inline-block rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {formatMessage({ id: 'payments.login' })}
      </Link>
    </section>
  );
}
