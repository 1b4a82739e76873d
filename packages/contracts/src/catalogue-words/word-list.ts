import { serviceCatalogue } from '../catalogue.ts';

/**
 * The service catalogue's words (its categories' titles and captions, its services' titles, which
 * are the BBPS category names, and captions) in one language, keyed by their English. One file per
 * language, `locales/<language>/catalogue-words.json`, so the web site's chunk of a language carries
 * that language's words alone.
 */
export type CatalogueWords = Record<string, string>;

/** Every word of the service catalogue, in catalogue order, once. */
export const catalogueWordList: string[] = [
  ...new Set(
    serviceCatalogue.flatMap((category) => [
      category.title,
      category.caption,
      ...category.services.flatMap((service) => [service.title, service.caption]),
    ]),
  ),
];
