import { createAccountsModule } from './accounts/index.ts';
import { createAutopayModule } from './autopay/index.ts';
import { createBillsModule } from './bills/index.ts';
import { createCatalogueModule } from './catalogue/index.ts';
import { createComplaintsModule } from './complaints/index.ts';
import { createContactModule } from './contact/index.ts';
import { createHealthModule } from './health/index.ts';
import { createMerchantModule } from './merchant/index.ts';
import type { ModuleFactory } from './module.ts';
import { createMyBillsModule } from './my-bills/index.ts';
import { createPaymentsModule } from './payments/index.ts';
import { createSiteModule } from './site/index.ts';

/** Every feature module of the api, in registration order. */
export const moduleFactories: ModuleFactory[] = [
  createHealthModule,
  createSiteModule,
  createAccountsModule,
  createCatalogueModule,
  createBillsModule,
  createMyBillsModule,
  createAutopayModule,
  createPaymentsModule,
  createMerchantModule,
  createComplaintsModule,
  createContactModule,
];
