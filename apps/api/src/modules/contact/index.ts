/**
 * The contact module's front door: its factory for the module registry (no other module uses it).
 */
export { createContactModule } from './contact.module.ts';
