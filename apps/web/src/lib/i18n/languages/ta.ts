import type { Catalogue } from '../catalogues.ts';

/** Tamil's namespaces by file; this module and they are one chunk, `locale-ta` (vite.config.ts). */
export const namespaceFiles = import.meta.glob<Catalogue>('../../../locales/ta/*.json', {
  import: 'default',
  eager: true,
});
