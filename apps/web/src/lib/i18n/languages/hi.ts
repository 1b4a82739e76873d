import type { Catalogue } from '../catalogues.ts';

/** Hindi's namespaces by file; this module and they are one chunk, `locale-hi` (vite.config.ts). */
export const namespaceFiles = import.meta.glob<Catalogue>('../../../locales/hi/*.json', {
  import: 'default',
  eager: true,
});
