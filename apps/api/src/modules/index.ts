import { createAccountsModule } from './accounts/accounts.module.ts';
import { createAutopayModule } from './autopay/autopay.module.ts';
import { createBillsModule } from './bills/bills.module.ts';
import { createCatalogueModule } from './catalogue/catalogue.module.ts';
import { createComplaintsModule } from './complaints/complaints.module.ts';
import { createContactModule } from './contact/contact.module.ts';
import { createHealthModule } from './health/health.module.ts';
import { createMerchantModule } from './merchant/merchant.module.ts';
import type { ModuleFactory } from './module.ts';
import { createMyBillsModule } from './my-bills/my-bills.module.ts';
import { createPaymentsModule } from './payments/payments.module.ts';
import { createSiteModule } from './site/site.module.ts';

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
