import type { CategorySlug, Service } from '@erti/contracts/catalogue';
import { Link } from 'react-router';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import { paths } from '../../../lib/paths.ts';
import { ServiceIcon } from './service-icon.tsx';

/** One service: its icon, title and (when it says more than the title) its caption. */
export function ServiceTile({ categorySlug, service }: { categorySlug: CategorySlug; service: Service }) {
  const catalogueText = useCatalogueText();
  return (
    <Link
      to={paths.service(categorySlug, service.title)}
      className="flex h-full flex-col items-center gap-2 rounded-xl border border-gray-200 bg-white p-4 text-center shadow-sm transition hover:border-brand-500 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <ServiceIcon name={service.icon} />
      </span>
      <span className="font-semibold text-gray-900">{catalogueText(service.title)}</span>
      {service.caption !== service.title && (
        <span className="text-sm text-gray-600">{catalogueText(service.caption)}</span>
      )}
    </Link>
  );
}
