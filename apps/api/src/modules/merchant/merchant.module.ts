import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppModule } from '../module.ts';
import { createRefunds } from '../payments/payments.module.ts';
import { grantListedMerchant } from './merchant.repository.ts';
import { merchantRoutes } from './merchant.routes.ts';
import { createMerchantService } from './merchant.service.ts';

/**
 * The merchant dashboard's api: history, refunds and refunds by hand, for the merchant role only
 * (`npm run cli -- grant-merchant EMAIL`).
 */
export function createMerchantModule(deps: AppDeps): AppModule {
  const { db, config, auth, logger } = deps;
  const merchant = createMerchantService({ db, refunds: createRefunds(deps), logger });

  /** MERCHANT_EMAILS (an operator convenience): a listed account becomes a merchant on its first call. */
  async function grantListed(request: FastifyRequest): Promise<void> {
    if (config.MERCHANT_EMAILS.length === 0) return;
    const user = await auth.userFromRequest(request);
    if (user?.role === 'user') await grantListedMerchant(db, user.id, config.MERCHANT_EMAILS);
  }

  return {
    name: 'merchant',
    routes: merchantRoutes({ merchant, requireMerchant: [grantListed, auth.requireMerchant] }),
  };
}
