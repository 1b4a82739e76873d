/**
 * The complaints module's front door: its factory for the module registry (no other module uses it).
 */
export { createComplaintsModule } from './complaints.module.ts';
