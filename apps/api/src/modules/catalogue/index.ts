/**
 * The catalogue module's front door: our copy of the network's master data (billers, plans, fees) as
 * other modules read it, and its factory for the module registry.
 */
export { isSupported } from './catalogue.mappers.ts';
export { createCatalogueModule } from './catalogue.module.ts';
export { canonicalCategory } from './catalogue.service.ts';
export { codingFor } from './json-list-reply.ts';
export {
  type CatalogueBiller,
  catalogueStateReader,
  convenienceFee,
  findBiller,
  findPlan,
} from './master-data.ts';
