/**
 * The merchant module's front door: its factory for the module registry (no other module uses it).
 */
export { createMerchantModule } from './merchant.module.ts';
