import { serviceCatalogue } from '@erti/contracts/catalogue';
import { Link } from 'react-router';
import { useCatalogueText } from '../../../../lib/i18n/catalogue-text.ts';
import { paths } from '../../../../lib/paths.ts';

/** The Services mega menu: every category with its services (loaded the first time the menu opens). */
export function ServicesMenuPanel() {
  const catalogueText = useCatalogueText();
  return (
    <div className="grid grid-cols-4 gap-6">
      {serviceCatalogue.map((category) => (
        <section key={category.slug} aria-labelledby={`menu-${category.slug}`}>
          <h2 id={`menu-${category.slug}`} className="mb-2 text-sm font-semibold text-brand-700">
            {catalogueText(category.title)}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {category.services.map((service) => (
              <li key={service.title}>
                <Link
                  to={paths.service(category.slug, service.title)}
                  className="block rounded px-2 py-1 text-sm text-gray-700 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {catalogueText(service.caption)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
