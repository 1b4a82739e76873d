import type { Catalogue } from '../catalogues.ts';

/**
 * Tamil's namespaces by file; this module and they are one chunk, `locale-ta` (vite.config.ts). The
 * `catalogue` namespace is contracts' (decision 116), shared with the api's receipts and mails.
 */
export const namespaceFiles = import.meta.glob<Catalogue>('../../../locales/ta/*.json', {
  import: 'default',
  eager: true,
});
export { catalogueWords } from '@erti/contracts/catalogue-words/ta';
