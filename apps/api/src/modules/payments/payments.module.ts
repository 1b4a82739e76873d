import type { Config } from '../../config.ts';
import { outsideBaseUrl } from '../../config.ts';
import { bbpsClientFromConfig } from '../../integrations/bbps/bbps-client.ts';
import { createPayuGateway } from '../../integrations/payu/payu-gateway.ts';
import { createPhonepeGateway } from '../../integrations/phonepe/phonepe-gateway.ts';
import { createRazorpayGateway } from '../../integrations/razorpay/razorpay-gateway.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { createBillPaymentService } from './bill-payment.service.ts';
import { createChargeConfirmationService } from './charge-confirmation.service.ts';
import { gatewayCallbackRoutes } from './gateway-callbacks.routes.ts';
import { createGatewayCallbacks } from './gateway-callbacks.service.ts';
import { ORDER_MAIL_JOB, PAY_BILL_JOB, RECONCILE_JOB } from './order-follow-ups.ts';
import { createOrderMail } from './order-mail.ts';
import { createOrdersService } from './orders.service.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createReconciliationService } from './reconciliation.service.ts';
import { createRefundsService, type RefundsService } from './refunds.service.ts';

/** The three gateways, configured for production or (by default) the sandbox. */
export function createPaymentGateways(config: Config) {
  const timeoutMs = config.GATEWAY_TIMEOUT_MS;
  return {
    payu: createPayuGateway({
      baseUrl: outsideBaseUrl(config, 'payu'),
      key: config.PAYU_KEY,
      salt: config.PAYU_SALT,
      timeoutMs,
    }),
    phonepe: createPhonepeGateway({
      baseUrl: outsideBaseUrl(config, 'phonepe'),
      clientId: config.PHONEPE_CLIENT_ID,
      clientSecret: config.PHONEPE_CLIENT_SECRET,
      clientVersion: config.PHONEPE_CLIENT_VERSION,
      callbackUsername: config.PHONEPE_CALLBACK_USERNAME,
      callbackPassword: config.PHONEPE_CALLBACK_PASSWORD,
      timeoutMs,
    }),
    razorpay: createRazorpayGateway({
      baseUrl: outsideBaseUrl(config, 'razorpay'),
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      timeoutMs,
    }),
  };
}

/**
 * The refund service, for other modules (the merchant dashboard): `requestRefund(executor?, {...})`
 * refunds through the gateway that charged; the payments module's reconciliation follows it.
 */
export function createRefunds(deps: Pick<AppDeps, 'config' | 'db' | 'logger'>): RefundsService {
  return createRefundsService({
    db: deps.db,
    gateways: createPaymentGateways(deps.config),
    logger: deps.logger,
  });
}

/**
 * Payments: orders priced by the server, hand-offs to PayU, PhonePe and Razorpay, their verified
 * callbacks, the bill payment on Bharat Connect, automatic refunds, receipts and the reconciliation
 * jobs that finish every order.
 */
export function createPaymentsModule(deps: AppDeps): AppModule {
  const { db, config, logger } = deps;
  const gateways = createPaymentGateways(config);
  const refunds = createRefundsService({ db, gateways, logger });
  const charges = createChargeConfirmationService({
    db,
    gateways,
    refunds,
    logger,
    handoffExpiryMs: config.HANDOFF_EXPIRY_SECONDS * 1000,
  });
  const billPayment = createBillPaymentService({ db, bbps: bbpsClientFromConfig(config), refunds, logger });
  const reconciliation = createReconciliationService({ db, charges, billPayment, refunds, logger });
  const orders = createOrdersService({ db, config, ...gateways, charges, logger });
  const callbacks = createGatewayCallbacks({ db, config, ...gateways, charges, refunds, logger });
  return {
    name: 'payments',
    routes: async (app) => {
      await app.register(paymentsRoutes({ orders, auth: deps.auth }));
      await app.register(gatewayCallbackRoutes(callbacks));
    },
    jobs: {
      [PAY_BILL_JOB]: async (job) => {
        await billPayment.payBill(String(job.payload.orderId));
        return undefined;
      },
      [RECONCILE_JOB]: reconciliation.reconcile,
      [ORDER_MAIL_JOB]: createOrderMail({ db, mailer: deps.mailer, config, logger }),
    },
  };
}
