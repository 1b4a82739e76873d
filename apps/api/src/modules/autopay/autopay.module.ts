import { MANDATE_EVENT_JOB, type MandateEvent } from '../../integrations/mandate-gateway.ts';
import type { Job } from '../../jobs/job-queue.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { BILL_FOUND_JOB, billChecksOf, createSignedIdTokens } from '../my-bills/index.ts';
import { createChargeConfirmations, createMandateGateways } from '../payments/index.ts';
import {
  findDebit,
  findDebitByGatewayOrder,
  findMandate,
  findMandateByGatewayRef,
} from './autopay.repository.ts';
import { autopayRoutes } from './autopay.routes.ts';
import { createAutopayService } from './autopay.service.ts';
import { AUTOPAY_DEBIT_JOB, AUTOPAY_NOTIFY_JOB, createAutopayDebits } from './autopay-debits.ts';
import { AUTOPAY_MAIL_JOB, createAutopayMail } from './autopay-mail.ts';
import { AUTOPAY_REVOKE_JOB } from './autopay-of-bills.ts';

/**
 * AutoPay of My Bills (decision 079): mandates at PhonePe or Razorpay (decision 075), each bill's
 * debit notified a day ahead and made as an order like any payment, never twice.
 */
export function createAutopayModule(deps: AppDeps): AppModule {
  const { db } = deps;
  const mandates = createMandateGateways(deps, () => deps.clock.now());
  const debits = createAutopayDebits({
    db,
    clock: deps.clock,
    mandates,
    charges: createChargeConfirmations(deps),
    checks: billChecksOf(deps),
    logger: deps.logger,
  });
  const autopay = createAutopayService({
    db,
    clock: deps.clock,
    config: deps.config,
    mandates,
    debits,
    logger: deps.logger,
  });
  const skipTokens = createSignedIdTokens(deps.config.LINK_SIGNING_KEYS, 'autopay-skip');

  /** A gateway's callback (decision 075): what it names is looked up, then the gateway is asked. */
  async function followEvent(job: Job) {
    const event = job.payload as unknown as MandateEvent;
    const debit =
      (event.debitId && (await findDebit(db, event.debitId))) ||
      (event.gatewayOrderId && (await findDebitByGatewayOrder(db, event.gatewayOrderId)));
    if (debit) return void (await debits.followDebit(debit));
    const mandate =
      (event.mandateId && (await findMandate(db, event.mandateId))) ||
      (await findMandateByGatewayRef(db, { tokenId: event.tokenId, setupOrderId: event.gatewayOrderId }));
    if (mandate) await autopay.refresh(mandate);
    return undefined;
  }

  return {
    name: 'autopay',
    routes: autopayRoutes({ autopay, auth: deps.auth, skipTokens, config: deps.config }),
    jobs: {
      [BILL_FOUND_JOB]: async (job) => {
        await debits.planBill(String(job.payload.myBillId), String(job.payload.billNumber));
        return undefined;
      },
      [AUTOPAY_NOTIFY_JOB]: debits.sendNotice,
      [AUTOPAY_DEBIT_JOB]: debits.runDebit,
      [AUTOPAY_MAIL_JOB]: createAutopayMail({
        db,
        mailer: deps.mailer,
        config: deps.config,
        logger: deps.logger,
        skipTokenFor: skipTokens.tokenFor,
      }),
      [MANDATE_EVENT_JOB]: followEvent,
      [AUTOPAY_REVOKE_JOB]: async (job) => {
        await autopay.revokeOfDeletedAccount(String(job.payload.mandateId), job.payload.wasPending === true);
        return undefined;
      },
    },
  };
}
