import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** A signed-in account without the merchant role (the api answered 403). */
export function NotAllowed() {
  const { formatMessage } = useIntl();
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">
        {formatMessage({ id: 'merchant.notAllowed.title' })}
      </h1>
      <p className="mt-3 text-gray-700">{formatMessage({ id: 'merchant.notAllowed.text' })}</p>
      <Link
        to={paths.home}
        className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {formatMessage({ id: 'merchant.notAllowed.home' })}
      </Link>
    </section>
  );
}
