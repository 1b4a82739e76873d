import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** An address naming a service the catalogue does not have. */
export function ServiceNotFound({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-brand-700">Service not found</h1>
      <p className="mt-3 text-gray-600">We do not offer “{title}”. Have a look at everything we do offer.</p>
      <Link to={paths.services} className="mt-6 inline-block font-semibold text-brand-700 underline">
        See all services
      </Link>
    </section>
  );
}
