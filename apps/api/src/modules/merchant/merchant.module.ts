import type { AppDeps, AppModule } from '../module.ts';
import { createRefunds } from '../payments/index.ts';
import { heldOrdersRoutes } from './held-orders.routes.ts';
import { createHeldOrdersService } from './held-orders.service.ts';
import { merchantRoutes } from './merchant.routes.ts';
import { createMerchantService } from './merchant.service.ts';

/**
 * The merchant dashboard's api: history, refunds, refunds by hand and charges held for a person
 * (decision 062), for the merchant role only
 * (`npm run cli -- grant-merchant EMAIL`).
 */
export function createMerchantModule(deps: AppDeps): AppModule {
  const { db, auth, logger } = deps;
  const refunds = createRefunds(deps);
  const merchant = createMerchantService({ db, refunds, logger });
  const heldOrders = createHeldOrdersService({ db, refunds, logger });
  const { requireMerchant } = auth;
  return {
    name: 'merchant',
    routes: async (app) => {
      await app.register(merchantRoutes({ merchant, requireMerchant }));
      await app.register(heldOrdersRoutes({ heldOrders, requireMerchant }));
    },
  };
}
