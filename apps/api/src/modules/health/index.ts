/**
 * The health module's front door: its factory for the module registry (no other module uses it), and
 * the readiness the metrics report (decision 130).
 */
export { createHealthModule } from './health.module.ts';
export { readinessReader } from './readiness.ts';
