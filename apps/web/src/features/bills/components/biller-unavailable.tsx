import { Link } from 'react-router';
import { BillerNotFoundError } from '../hooks/use-bill-entry-biller.ts';

/** A bill-entry page whose biller could not be found or loaded, with the way back to its service. */
export function BillerUnavailable({ error, servicePath }: { error: unknown; servicePath: string }) {
  const notFound =
    error instanceof BillerNotFoundError || (error as { status?: number } | null)?.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-brand-700">
        {notFound ? 'Biller not found' : 'We could not load this biller'}
      </h1>
      <p className="mt-3 text-gray-600">
        {notFound ? 'This biller is not on the network any more.' : 'Please try again in a moment.'} You can
        choose your biller from the list.
      </p>
      <Link to={servicePath} className="mt-6 inline-block font-semibold text-brand-700 underline">
        Choose a biller
      </Link>
    </section>
  );
}
