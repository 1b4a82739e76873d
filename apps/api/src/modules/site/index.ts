/**
 * The site module's front door: the prerendered pages the web plugin serves, and its factory.
 */
export {
  type BillEntryPage,
  loadPrerenderedPages,
  PRERENDERED_PAGE_SCRIPT_SOURCE,
  withBillerName,
  withSiteConfig,
} from './prerendered-pages.ts';
export { createSiteModule, siteConfigFor } from './site.module.ts';
