import {
  type CategorySlug,
  normaliseCategorySlug,
  type Service,
  type ServiceCategory,
  serviceCatalogue,
} from '@erti/contracts/catalogue';

/** A service with the slug of the category it belongs to: what a link to it needs. */
export interface ServiceEntry {
  categorySlug: CategorySlug;
  service: Service;
}

/**
 * The catalogue filtered by service caption (case-insensitive substring), dropping categories
 * left without services. An empty query keeps everything.
 */
export function searchCatalogue(query: string, catalogue = serviceCatalogue): ServiceCategory[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return catalogue;
  return catalogue
    .map((category) => ({
      ...category,
      services: category.services.filter((service) => service.caption.toLowerCase().includes(needle)),
    }))
    .filter((category) => category.services.length > 0);
}

/**
 * The service a `/services/{category}/{subcategory}` address names. The title decides; the slug
 * (`more-services` read as `more-service`) is only checked to exist, so an old link with the
 * right title still works.
 */
export function findService(categorySlug: string, title: string): ServiceEntry | undefined {
  const slug = normaliseCategorySlug(categorySlug);
  if (!serviceCatalogue.some((category) => category.slug === slug)) return undefined;
  for (const category of serviceCatalogue) {
    const service = category.services.find((candidate) => candidate.title === title);
    if (service) return { categorySlug: category.slug, service };
  }
  return undefined;
}

/** Every service of the catalogue except `currentTitle`, in catalogue order (the service strip). */
export function otherServices(currentTitle: string): ServiceEntry[] {
  return serviceCatalogue.flatMap((category) =>
    category.services
      .filter((service) => service.title !== currentTitle)
      .map((service) => ({ categorySlug: category.slug, service })),
  );
}
