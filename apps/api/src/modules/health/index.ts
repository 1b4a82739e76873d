/**
 * The health module's front door: its factory for the module registry (no other module uses it).
 */
export { createHealthModule } from './health.module.ts';
