import { bbpsClientFromConfig } from '../../integrations/bbps/bbps-client.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { billsRoutes } from './bills.routes.ts';
import { createBillsService } from './bills.service.ts';

/** Bill fetch, validation and the user's saved bills, on Bharat Connect. */
export function createBillsModule(deps: AppDeps): AppModule {
  const bills = createBillsService({
    db: deps.db,
    bbps: bbpsClientFromConfig(deps.config, deps.recordOutsideCall),
    logger: deps.logger,
  });
  return { name: 'bills', routes: billsRoutes({ bills, auth: deps.auth }) };
}
