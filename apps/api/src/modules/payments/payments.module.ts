import type { Gateway } from '@erti/contracts';
import type { Config } from '../../config.ts';
import { outsideBaseUrl, surfaceOn } from '../../config.ts';
import { bbpsClientFromConfig } from '../../integrations/bbps/bbps-client.ts';
import type { ConnectedGateway } from '../../integrations/gateway-adapter.ts';
import type { GatewayPort } from '../../integrations/gateway-port.ts';
import type { MandateGateway } from '../../integrations/mandate-gateway.ts';
import type { OutsideCallRecorder } from '../../integrations/outside-calls.ts';
import { paymentGateways } from '../../integrations/payment-gateways.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { createBillPaymentService } from './bill-payment.service.ts';
import {
  type ChargeConfirmationService,
  createChargeConfirmationService,
} from './charge-confirmation.service.ts';
import { createGatewayCallbacks } from './gateway-callbacks.service.ts';
import { createHandOffs } from './hand-offs.ts';
import { ORDER_MAIL_JOB, PAY_BILL_JOB, RECONCILE_JOB } from './order-follow-ups.ts';
import { createOrderMail } from './order-mail.ts';
import { createOrdersService } from './orders.service.ts';
import { payErrors, payerOf, paymentsRoutes, userRouteOf } from './payments.routes.ts';
import { createReconciliationService } from './reconciliation.service.ts';
import { createRefundsService, type Gateways, type RefundsService } from './refunds.service.ts';

/**
 * Payments: orders priced by the server, hand-offs to each payment gateway, their verified callbacks,
 * the bill payment on Bharat Connect, automatic refunds, receipts and the reconciliation jobs that
 * finish every order. Each gateway is an adapter (integrations/payment-gateways.ts lists them,
 * decision 065); nothing in this folder is named after one.
 *
 * One order through the files (a PhonePe bill payment; PayU and Razorpay differ only in their adapter):
 * 1. The route: `POST /api/phonepe/pay`, registered by integrations/phonepe/phonepe.adapter.ts with
 *    the contracts' schema (packages/contracts/src/gateways/phonepe/phonepe.ts) and the session check
 *    of payments.routes.ts (`userRouteOf`).
 * 2. Pricing: integrations/phonepe/phonepe-payments.ts asks hand-offs.ts to open the order, which
 *    prices it from the stored bill fetch (order-pricing.ts: amount + the biller's fee, `orderTotal`
 *    in order-views.ts), refuses a double payment (bill-holds.ts, the one "already paid" rule) and
 *    inserts it CREATED (order-moves.ts `openOrderRecord`, every move an order_events row). The SQL is
 *    in orders.repository.ts, refunds.repository.ts, gateway-events.repository.ts and
 *    bill-holds.repository.ts.
 * 3. The hand-off: phonepe-payments.ts calls PhonePe (integrations/phonepe/phonepe-gateway.ts, wire
 *    format in packages/protocols/src/phonepe) and the order moves to PAYMENT_PENDING (hand-offs.ts
 *    `handedOff`), or to PAYMENT_FAILED with a 502 (`handOffFailed`). order-follow-ups.ts schedules
 *    its reconciliation; order-state.ts is the table of allowed moves.
 * 4. The gateway's callback: `POST /api/phonepe/callback` (phonepe.adapter.ts) checks PhonePe's
 *    authorization; phonepe-payments.ts records the event once and asks for a confirmation
 *    (gateway-callbacks.service.ts, the generic port of every gateway's callbacks).
 * 5. Confirmation: charge-confirmation.service.ts asks the gateway's API (`checkCharge`) and moves
 *    the order to PAID, fails it, refunds an unusable charge, or holds an unreadable answer for a
 *    person (NEEDS_ATTENTION, held-charges.ts). The browser lands on the outcome page.
 * 6. The bill payment: the PAID order's follow-up job runs bill-payment.service.ts, which pays the
 *    bill on Bharat Connect (integrations/bbps/bbps-client.ts) and moves it to SUCCESS, BILL_FAILED
 *    or BILL_PENDING.
 * 7. Refunds: a failed bill is refunded through the gateway that charged (refunds.service.ts, the
 *    gateway's `refund` and `checkRefund`), due by RBI's T+5 (refund-deadline.ts).
 * 8. Reconciliation: reconciliation.service.ts (the `payments.reconcile` job) asks the gateway and
 *    the network again about every order not yet final, until it is.
 * 9. The receipt and mail: the status poll and pages read order-views.ts; the PDF is receipt-pdf.ts;
 *    the `payments.mail` job (order-mail.ts, integrations/mail/templates.ts) mails the outcome.
 */

/** Every gateway's client and routes, configured for production or (by default) the sandbox. */
function connectGateways(
  config: Config,
  recordCall: OutsideCallRecorder,
  now?: () => Date,
): (ConnectedGateway & { name: Gateway })[] {
  const timeoutMs = config.GATEWAY_TIMEOUT_MS;
  return paymentGateways.map((adapter) => ({
    name: adapter.name,
    ...adapter.connect(config, { baseUrl: outsideBaseUrl(config, adapter.name), timeoutMs, recordCall, now }),
  }));
}

const clientsOf = (connected: ReturnType<typeof connectGateways>): Gateways =>
  Object.fromEntries(connected.map((gateway) => [gateway.name, gateway.client])) as Gateways;

/**
 * The gateways' mandates, for AutoPay (decision 075), by gateway name: the adapters that offer them
 * (PhonePe AutoPay, Razorpay recurring payments). `now`: the api's clock, for their time rules.
 */
export function createMandateGateways(
  deps: Pick<AppDeps, 'config' | 'recordOutsideCall'>,
  now?: () => Date,
): Partial<Record<Gateway, MandateGateway>> {
  const connected = connectGateways(deps.config, deps.recordOutsideCall, now);
  return Object.fromEntries(
    connected.flatMap((gateway) => (gateway.mandates ? [[gateway.name, gateway.mandates]] : [])),
  );
}

/**
 * The refund service, for other modules (the merchant dashboard): `requestRefund(executor?, {...})`
 * refunds through the gateway that charged; the payments module's reconciliation follows it.
 */
export function createRefunds(
  deps: Pick<AppDeps, 'config' | 'db' | 'logger' | 'recordOutsideCall'>,
): RefundsService {
  return createRefundsService({
    db: deps.db,
    gateways: clientsOf(connectGateways(deps.config, deps.recordOutsideCall)),
    logger: deps.logger,
  });
}

/**
 * Confirming a charge with its gateway, for other modules (AutoPay's debits, decision 079): the same
 * service every payment goes through, so a debit's order moves as any order does.
 */
export function createChargeConfirmations(
  deps: Pick<AppDeps, 'config' | 'db' | 'logger' | 'recordOutsideCall'>,
): ChargeConfirmationService {
  const gateways = clientsOf(connectGateways(deps.config, deps.recordOutsideCall));
  return createChargeConfirmationService({
    db: deps.db,
    gateways,
    refunds: createRefundsService({ db: deps.db, gateways, logger: deps.logger }),
    logger: deps.logger,
    handoffExpiryMs: deps.config.HANDOFF_EXPIRY_SECONDS * 1000,
  });
}

export function createPaymentsModule(deps: AppDeps): AppModule {
  const { db, config, logger } = deps;
  const connected = connectGateways(config, deps.recordOutsideCall);
  const gateways = clientsOf(connected);
  const refunds = createRefundsService({ db, gateways, logger });
  const charges = createChargeConfirmationService({
    db,
    gateways,
    refunds,
    logger,
    handoffExpiryMs: config.HANDOFF_EXPIRY_SECONDS * 1000,
  });
  const billPayment = createBillPaymentService({
    db,
    bbps: bbpsClientFromConfig(config, deps.recordOutsideCall),
    refunds,
    logger,
  });
  const reconciliation = createReconciliationService({ db, charges, billPayment, refunds, logger });
  const orders = createOrdersService({ db, charges, logger, networkMarks: deps.networkMarks });
  const site = (path: string) => `${config.PUBLIC_URL}${path}`;
  const handOffs = createHandOffs({
    db,
    charges,
    logger,
    handoffExpirySeconds: config.HANDOFF_EXPIRY_SECONDS,
  });
  const callbacksOf = createGatewayCallbacks({ db, charges, refunds, logger, site });
  const portOf = (gateway: Gateway): GatewayPort => ({
    handOff: {
      ...handOffs,
      userRoute: userRouteOf(deps.auth),
      payerOf,
      payErrors,
      testPayments: surfaceOn(config, 'TEST_PAYMENTS'),
    },
    callbacks: callbacksOf(gateway),
    site,
    logger,
  });
  return {
    name: 'payments',
    routes: async (app) => {
      await app.register(paymentsRoutes({ orders, auth: deps.auth }));
      for (const gateway of connected) await app.register(gateway.routes(portOf(gateway.name)));
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
