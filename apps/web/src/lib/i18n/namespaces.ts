/**
 * The catalogue namespaces every screen's frame reads (decision 120): the layout, the navigation bar
 * and its account menu, the footer, the service catalogue's words they list, and the error screen
 * (`spec`), which must speak when a screen's code could not be fetched. Loaded with the entry, in one
 * chunk per language (vite.config.ts); each screen loads its own namespaces with its code (router.tsx).
 */
export const SHELL_NAMESPACES = ['app', 'nav', 'spec', 'catalogue'];
