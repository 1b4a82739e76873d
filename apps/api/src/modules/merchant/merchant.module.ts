import type { AppDeps, AppModule } from '../module.ts';
import { createRefunds } from '../payments/payments.module.ts';
import { merchantRoutes } from './merchant.routes.ts';
import { createMerchantService } from './merchant.service.ts';

/**
 * The merchant dashboard's api: history, refunds and refunds by hand, for the merchant role only
 * (`npm run cli -- grant-merchant EMAIL`).
 */
export function createMerchantModule(deps: AppDeps): AppModule {
  const { db, auth, logger } = deps;
  const merchant = createMerchantService({ db, refunds: createRefunds(deps), logger });
  return {
    name: 'merchant',
    routes: merchantRoutes({ merchant, requireMerchant: auth.requireMerchant }),
  };
}
