import { messages } from '@erti/contracts/messages';
import { type ReactNode, useId } from 'react';
import { searchCatalogue } from '../catalogue-search.ts';
import { ServiceTile } from './service-tile.tsx';

/**
 * The `/services` screen: every service in its category, filtered by caption with `query`. The
 * search box comes from the caller (it also offers billers); 'No Results Found' shows when no
 * service matches and the caller has no `moreResults` either.
 */
export function ServicesDirectory({
  query,
  searchBox,
  moreResults = false,
}: {
  query: string;
  searchBox: ReactNode;
  moreResults?: boolean;
}) {
  const searchId = useId();
  const categories = searchCatalogue(query);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-700">Services</h1>
      <p className="mt-2 text-gray-600">Recharge and pay every bill in one place, on Bharat Connect.</p>
      <div className="mt-6 max-w-md">{searchBox}</div>
      {categories.length === 0 && !moreResults && (
        <p role="status" className="mt-10 text-center text-gray-600">
          {messages.empty.results}
        </p>
      )}
      {categories.map((category) => (
        <section key={category.slug} aria-labelledby={`${searchId}-${category.slug}`} className="mt-10">
          <h2 id={`${searchId}-${category.slug}`} className="text-xl font-semibold text-gray-900">
            {category.title}
          </h2>
          <p className="text-sm text-gray-600">{category.caption}</p>
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
            {category.services.map((service) => (
              <li key={service.title}>
                <ServiceTile categorySlug={category.slug} service={service} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
