import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** A signed-in account without the merchant role (the api answered 403). */
export function NotAllowed() {
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">
        You are not allowed to open the merchant dashboard
      </h1>
      <p className="mt-3 text-gray-700">
        The dashboard is for Erti Pay merchant accounts only. If you manage payments for Erti Pay, ask an
        administrator to give your account the merchant role.
      </p>
      <Link
        to={paths.home}
        className="mt-6 inline-block rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Go to home
      </Link>
    </section>
  );
}
