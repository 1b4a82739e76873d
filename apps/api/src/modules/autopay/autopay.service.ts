import type { Autopay, Gateway, MandateHandOff, TurnOnAutopayRequest } from '@erti/contracts';
import { paiseOrThrow, parseRupees } from '@erti/contracts/rupees';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { MandateGateway } from '../../integrations/mandate-gateway.ts';
import { isGatewayFailure } from '../../integrations/payment-gateway.ts';
import type { Clock } from '../../lib/clock.ts';
import { newDebitId, randomId } from '../../lib/ids.ts';
import { findPayer } from '../bills/index.ts';
import { findMyBill, type MyBillRow } from '../my-bills/index.ts';
import {
  claimBill,
  type DebitRow,
  findDebitOfBill,
  findMandate,
  findMandateOfBill,
  type MandateRow,
  moveDebit,
  moveMandate,
  saveNewMandate,
} from './autopay.repository.ts';
import { mandateStatusOf } from './autopay.rules.ts';
import { type AutopayDebits, mandateRefOf } from './autopay-debits.ts';
import { autopayViewOf } from './autopay-of-bills.ts';

const NOT_FOUND = 'This bill is not in your My Bills';
const NOT_ON = 'AutoPay is not on for this bill';
/** How long a mandate is asked for: the gateway's page shows it; cancelling ends it sooner. */
const MANDATE_YEARS = 5;
const SKIPPABLE: DebitRow['status'][] = ['notifying', 'scheduled'];

export interface AutopayServiceDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'PUBLIC_URL'>;
  mandates: Partial<Record<Gateway, MandateGateway>>;
  debits: Pick<AutopayDebits, 'planBill' | 'planAfterResume'>;
  logger: FastifyBaseLogger;
}

/**
 * AutoPay of a My Bills entry (decision 079): turning it on through the gateway's mandate page, its
 * return, pause and resume (ours: no notices while paused), skipping one debit, and cancelling, which
 * revokes the mandate at the gateway. The gateway's word on a mandate is read, never assumed.
 */
export function createAutopayService(deps: AutopayServiceDeps) {
  const { db } = deps;

  function gatewayOf(name: Gateway): MandateGateway {
    const gateway = deps.mandates[name];
    if (!gateway) throw badRequest(`${name} does not offer AutoPay`);
    return gateway;
  }

  async function entryOf(userId: string, myBillId: string): Promise<MyBillRow> {
    const entry = await findMyBill(db, myBillId, userId);
    if (!entry) throw notFound(NOT_FOUND);
    return entry;
  }

  async function viewOf(mandate: MandateRow): Promise<Autopay> {
    const entry = await findMyBill(db, mandate.myBillId);
    const debit = entry?.billNumber ? await findDebitOfBill(db, entry.id, entry.billNumber) : undefined;
    return autopayViewOf(mandate, debit);
  }

  /**
   * Reads the mandate at its gateway and records what it says (a mandate revoked there shows as
   * cancelled here). A mandate that has just become active plans the entry's current bill.
   */
  async function refresh(mandate: MandateRow): Promise<MandateRow> {
    if (mandate.status === 'cancelled' || mandate.status === 'failed') return mandate;
    const status = await gatewayOf(mandate.gateway).status(mandateRefOf(mandate));
    const next = mandateStatusOf(status.state, mandate.status);
    const moved = await moveMandate(db, mandate.id, [mandate.status], next, {
      gatewayRefs: status.gatewayRefs,
      providerStatus: status.providerStatus,
    });
    if (!moved) return (await findMandate(db, mandate.id)) ?? mandate;
    if (mandate.status !== next)
      deps.logger.info({ mandateId: mandate.id, from: mandate.status, to: next }, 'autopay mandate moved');
    if (mandate.status === 'pending' && next === 'on') await planCurrentBill(moved.myBillId);
    return moved;
  }

  async function planCurrentBill(myBillId: string): Promise<void> {
    const entry = await findMyBill(db, myBillId);
    if (entry?.presentment === 'bill' && entry.billNumber)
      await deps.debits.planBill(entry.id, entry.billNumber);
  }

  /** Revokes the mandate at its gateway; one never authorised (the customer left its page) has nothing to revoke. */
  function cancelAtGateway(mandate: MandateRow, wasPending: boolean): Promise<{ providerStatus: string }> {
    return gatewayOf(mandate.gateway)
      .cancel(mandateRefOf(mandate))
      .catch((error: unknown) => {
        if (wasPending && isGatewayFailure(error)) return { providerStatus: 'NOT_AUTHORISED' };
        throw error;
      });
  }

  /** The gateway could not be asked: the customer is told to try again, nothing is recorded as done. */
  function unavailable(error: unknown, message: string): never {
    if (!isGatewayFailure(error)) throw error;
    deps.logger.warn({ err: error }, 'autopay gateway call failed');
    throw new AppError('BAD_GATEWAY', message);
  }

  return {
    refresh,

    /** Opens a mandate at the gateway for the entry; the browser authorises it through `handOff`. */
    async turnOn(
      userId: string,
      myBillId: string,
      request: TurnOnAutopayRequest,
    ): Promise<{ autopay: Autopay; handOff: MandateHandOff }> {
      const entry = await entryOf(userId, myBillId);
      const existing = await findMandateOfBill(db, myBillId);
      if (existing?.status === 'on' || existing?.status === 'paused')
        throw conflict('AutoPay is already on for this bill');
      const customer = await findPayer(db, userId);
      if (!customer?.phone || !customer.email)
        throw badRequest('Please add your mobile number and e-mail to your profile to turn AutoPay on');
      const capPaise = paiseOrThrow(parseRupees(request.cap));
      const mandateId = `AM${randomId(20)}`;
      const gateway = gatewayOf(request.gateway);
      const now = deps.clock.now();
      const authorisation = await gateway
        .setUp({
          mandateId,
          setupOrderId: `AS${randomId(20)}`,
          customer: {
            name: entry.billCustomerName ?? entry.nickname,
            email: customer.email,
            contact: customer.phone,
          },
          maxAmountPaise: capPaise,
          frequency: 'AS_PRESENTED',
          validUntil: new Date(now.getTime() + MANDATE_YEARS * 365 * 86_400_000),
          returnUrl: `${deps.config.PUBLIC_URL}/api/my-bills/autopay/return?mandate=${mandateId}`,
          description: `AutoPay for ${entry.nickname} (${entry.billerName})`,
        })
        .catch((error: unknown) =>
          unavailable(error, 'The payment provider could not start AutoPay. Please try again.'),
        );
      const saved = await saveNewMandate(db, {
        id: mandateId,
        myBillId,
        userId,
        gateway: request.gateway,
        capPaise,
        daysBefore: request.daysBefore,
        status: 'pending',
        gatewayRefs: authorisation.mandate.gatewayRefs,
        providerStatus: null,
      });
      if (!saved) throw conflict('AutoPay is already on for this bill');
      return { autopay: await viewOf(saved), handOff: authorisation.handOff };
    },

    /** The browser is back from the mandate page: the gateway says how it went. Answers the entry's id. */
    async returned(mandateId: string): Promise<string | undefined> {
      const mandate = await findMandate(db, mandateId);
      if (!mandate) return undefined;
      await refresh(mandate).catch((error: unknown) => {
        if (!isGatewayFailure(error)) throw error;
        deps.logger.warn({ err: error, mandateId }, 'autopay status unknown on return; a callback will tell');
      });
      return mandate.myBillId;
    },

    async pause(userId: string, myBillId: string): Promise<Autopay> {
      await entryOf(userId, myBillId);
      const mandate = await findMandateOfBill(db, myBillId, userId);
      const paused = mandate && (await moveMandate(db, mandate.id, ['on'], 'paused'));
      if (!paused) throw conflict(NOT_ON);
      return viewOf(paused);
    },

    /** On again; the current bill is planned, again if its debit was stopped by the pause (decision 084). */
    async resume(userId: string, myBillId: string): Promise<Autopay> {
      await entryOf(userId, myBillId);
      const mandate = await findMandateOfBill(db, myBillId, userId);
      const resumed = mandate && (await moveMandate(db, mandate.id, ['paused'], 'on'));
      if (!resumed) throw conflict('AutoPay is not paused for this bill');
      await deps.debits.planAfterResume(myBillId);
      return viewOf(resumed);
    },

    /** Skips the debit of the current bill (planned or not yet); AutoPay stays on for the next one. */
    async skip(userId: string, myBillId: string): Promise<Autopay> {
      const entry = await entryOf(userId, myBillId);
      const mandate = await findMandateOfBill(db, myBillId, userId);
      if (mandate?.status !== 'on' && mandate?.status !== 'paused') throw conflict(NOT_ON);
      if (entry.presentment !== 'bill' || !entry.billNumber || entry.billAmountPaise === null)
        throw conflict('There is no bill for AutoPay to skip');
      const debit = await findDebitOfBill(db, myBillId, entry.billNumber);
      const skipped = debit
        ? await moveDebit(db, debit.id, SKIPPABLE, 'skipped', { reason: 'You skipped this debit.' })
        : await claimBill(db, {
            id: newDebitId(),
            mandateId: mandate.id,
            myBillId,
            userId,
            billNumber: entry.billNumber,
            amountPaise: entry.billAmountPaise,
            status: 'skipped',
            reason: 'You skipped this debit.',
          });
      if (!skipped) throw conflict('This debit can no longer be skipped');
      return viewOf(mandate);
    },

    /** The pre-debit mail's skip link (no login): the debit it names is skipped, if still possible. */
    async skipByLink(debitId: string): Promise<{ skipped: boolean; entry?: MyBillRow }> {
      const skipped = await moveDebit(db, debitId, SKIPPABLE, 'skipped', {
        reason: 'You skipped this debit.',
      });
      const entry = skipped && (await findMyBill(db, skipped.myBillId));
      return { skipped: skipped !== undefined, entry: entry || undefined };
    },

    /**
     * The job after an account's deletion (AUTOPAY_REVOKE_JOB): revokes at the gateway a mandate
     * already cancelled here. A gateway that cannot be reached throws, and the job is tried again.
     */
    async revokeOfDeletedAccount(mandateId: string, wasPending: boolean): Promise<void> {
      const mandate = await findMandate(db, mandateId);
      if (!mandate) return;
      const ended = await cancelAtGateway(mandate, wasPending);
      await moveMandate(db, mandate.id, ['cancelled'], 'cancelled', { providerStatus: ended.providerStatus });
    },

    /** Cancels AutoPay: the mandate is revoked at the gateway first, then recorded as cancelled. */
    async cancel(userId: string, myBillId: string): Promise<Autopay> {
      await entryOf(userId, myBillId);
      const mandate = await findMandateOfBill(db, myBillId, userId);
      if (!mandate || mandate.status === 'cancelled' || mandate.status === 'failed') throw conflict(NOT_ON);
      const ended = await cancelAtGateway(mandate, mandate.status === 'pending').catch((error: unknown) =>
        unavailable(error, 'The payment provider could not cancel AutoPay. Please try again.'),
      );
      const cancelled = await moveMandate(db, mandate.id, [mandate.status], 'cancelled', {
        providerStatus: ended.providerStatus,
      });
      return viewOf(cancelled ?? mandate);
    },
  };
}

export type AutopayService = ReturnType<typeof createAutopayService>;
