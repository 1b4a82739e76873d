import type { Catalogue } from '../catalogues.ts';

/** English's namespaces by file; this module and they are one chunk, `locale-en` (vite.config.ts). */
export const namespaceFiles = import.meta.glob<Catalogue>('../../../locales/en/*.json', {
  import: 'default',
  eager: true,
});
