import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { WithBharatConnectLogo } from '../../../components/network-mark.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
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
  const { formatMessage } = useIntl();
  const catalogueText = useCatalogueText();
  const categories = searchCatalogue(query);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <WithBharatConnectLogo>
        <h1 className="text-3xl font-bold text-brand-700">
          {formatMessage({ id: 'services.directory.title' })}
        </h1>
        <p className="mt-2 text-gray-600">{formatMessage({ id: 'services.directory.intro' })}</p>
      </WithBharatConnectLogo>
      <div className="mt-6 max-w-md">{searchBox}</div>
      {categories.length === 0 && !moreResults && (
        <p role="status" className="mt-10 text-center text-gray-600">
          {formatMessage({ id: 'spec.empty.results' })}
        </p>
      )}
      {categories.map((category) => (
        <section key={category.slug} aria-labelledby={`${searchId}-${category.slug}`} className="mt-10">
          <h2 id={`${searchId}-${category.slug}`} className="text-xl font-semibold text-gray-900">
            {catalogueText(category.title)}
          </h2>
          <p className="text-sm text-gray-600">{catalogueText(category.caption)}</p>
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
