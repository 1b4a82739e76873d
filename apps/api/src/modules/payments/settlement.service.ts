import type { Gateway, OrderStatus } from '@erti/contracts';
import type { BbpsPaymentRequest, NameValue } from '@erti/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  type BbpsClient,
  BbpsRejectedError,
  BbpsUnavailableError,
  type BillPaymentInput,
} from '../../integrations/bbps/bbps-client.ts';
import {
  type ChargeCheck,
  GatewayAnswerUnreadableError,
  isGatewayFailure,
} from '../../integrations/payment-gateway.ts';
import type { Job, JobOutcome } from '../../jobs/job-queue.ts';
import { findBillFetch } from '../bills/bills.lookups.ts';
import { moveOrder } from './order-transitions.ts';
import { orderTotal } from './order-views.ts';
import { findOrder, type OrderRow, updateOrderFacts } from './payments.repository.ts';
import type { Gateways, RefundsService } from './refunds.service.ts';

/** An order still CREATED this long after it was made was never handed to the customer. */
export const CREATED_STALE_MS = 2 * 60_000;
/**
 * A failed payment is still asked about this long: its checkout may yet be paid (a second tab, a
 * retry on the gateway's page, a pending UPI payment that succeeds) with no post back to tell us.
 */
export const LATE_CHARGE_WATCH_MS = 2 * 3_600_000;

export interface SettlementDeps {
  db: Database;
  gateways: Gateways;
  bbps: Pick<BbpsClient, 'pay' | 'status'>;
  refunds: RefundsService;
  logger: FastifyBaseLogger;
  /** A hand-off the gateway never saw a payment for is closed this long after it was made (decision 064). */
  handoffExpiryMs: number;
}

/** What the bill network said about a payment, in our words. */
interface NetworkOutcome {
  status: 'SUCCESS' | 'FAILURE' | 'PENDING';
  txnReferenceId?: string;
  approvalRefNum?: string;
  reason?: string;
}

/** Transport failures of the outside world leave outcomes unknown; reconciliation asks again later. */
const isUnknownOutcome = (error: unknown) =>
  isGatewayFailure(error) || error instanceof BbpsUnavailableError || error instanceof BbpsRejectedError;

const ageOf = (order: OrderRow, now = Date.now()) => now - order.createdAt.getTime();

/** A failed payment's watch for a late charge ends LATE_CHARGE_WATCH_MS after it failed (its last change). */
const lateChargeWatchOver = (order: OrderRow, now = Date.now()) =>
  order.status === 'PAYMENT_FAILED' && now - order.updatedAt.getTime() >= LATE_CHARGE_WATCH_MS;

/** How long a state has lasted decides how often it is checked: seconds at first, hours after a day. */
export function reconcileBackoffMs(order: OrderRow, now = Date.now()): number {
  const inState = now - order.updatedAt.getTime();
  if (inState < 2 * 60_000) return 5_000;
  if (inState < 15 * 60_000) return 30_000;
  if (inState < 2 * 3_600_000) return 2 * 60_000;
  if (inState < 86_400_000) return 15 * 60_000;
  return 3_600_000;
}

/** Bharat Connect's paymentInfo for the way the customer paid (NPCI PaymentInfo tags). */
function paymentInfo(order: OrderRow): NameValue[] {
  const instrument = order.paymentInstrument ?? {};
  const reference = instrument.bankReference || order.gatewayPaymentId || 'NA';
  switch (order.paymentMode) {
    case 'Credit Card':
    case 'Debit Card':
      return [
        { name: 'CardNum|AuthCode', value: `${instrument.maskedCard ?? 'XXXXXXXXXXXXXXXX'}|${reference}` },
      ];
    case 'UPI':
      return [{ name: 'VPA', value: instrument.vpa ?? `${order.gateway}@${reference}` }];
    case 'Internet Banking':
      return [{ name: 'IFSC|AccountNo', value: `NA|${reference}` }];
    case 'Wallet':
      return [{ name: 'WalletName|MobileNo', value: `${order.gateway}|${order.payer?.phone ?? 'NA'}` }];
    default:
      return [{ name: 'Remarks', value: `${order.gateway} ${reference}` }];
  }
}

/**
 * Everything after the hand-off: confirming a charge with the gateway (whoever reported it), paying
 * the bill on the network, refunding what cannot be used, and the reconciliation job that keeps
 * asking until every order is final. Every step is idempotent and safe to repeat after a crash.
 */
export function createSettlementService(deps: SettlementDeps) {
  const { db, logger, refunds } = deps;
  const gatewayOf = (order: OrderRow) => deps.gateways[order.gateway as Gateway];

  /**
   * The gateway's answer about the charge could not be read: never a guess, the order is held for a
   * person (NEEDS_ATTENTION) with the answer as it came. Entering the hold mails the support inbox
   * (its follow-up job, keyed by this event: once per hold). docs/decisions/062-held-charges.md.
   */
  async function holdForPerson(order: OrderRow, unreadable: GatewayAnswerUnreadableError, source: string) {
    logger.error(
      { orderId: order.id, gateway: unreadable.gateway, path: unreadable.path, field: unreadable.field },
      'gateway answer unreadable; order held for a person',
    );
    await db.transaction((tx) =>
      moveOrder(tx, order, 'NEEDS_ATTENTION', {
        source,
        detail: {
          why: unreadable.message,
          gateway: unreadable.gateway,
          path: unreadable.path,
          field: unreadable.field,
          answer: unreadable.answer ?? null,
        },
      }),
    );
  }

  /** The gateway's word on the order's charge; undefined when its answer could not be read (the order is held). */
  async function askGateway(order: OrderRow, source: string): Promise<ChargeCheck | undefined> {
    try {
      return await gatewayOf(order).checkCharge({
        merchantOrderId: order.merchantOrderId,
        gatewayOrderId: order.gatewayOrderId,
        gatewayPaymentId: order.gatewayPaymentId,
      });
    } catch (error) {
      if (!(error instanceof GatewayAnswerUnreadableError)) throw error;
      await holdForPerson(order, error, source);
      return undefined;
    }
  }

  /** Money was taken that this order cannot use (a capture after failure, a wrong amount): give it back. */
  async function refundUnusableCharge(
    order: OrderRow,
    check: ChargeCheck,
    capturedPaise: number,
    source: string,
    why: string,
  ) {
    logger.warn({ orderId: order.id, why, captured: capturedPaise }, 'charge cannot be used; refunding it');
    const facts = {
      capturedPaise,
      gatewayPaymentId: check.paymentId,
      paymentMode: check.paymentMode,
      failureReason: why,
    };
    await db.transaction(async (tx) => {
      const failed =
        order.status === 'PAYMENT_PENDING'
          ? await moveOrder(tx, order, 'PAYMENT_FAILED', { source, set: facts, detail: { why } })
          : await updateOrderFacts(tx, {
              orderId: order.id,
              status: 'PAYMENT_FAILED',
              set: facts,
              source,
              detail: { why },
            });
      if (!failed) return;
      await refunds.requestRefund(tx, {
        orderId: order.id,
        note: why,
        requestedBy: 'system',
        reason: 'auto',
      });
    });
  }

  async function chargeTaken(order: OrderRow, check: ChargeCheck, source: string) {
    const captured = check.amountPaise;
    // A charge without an amount is never taken as 0 (nor refunded as 0): a person looks.
    if (captured === undefined) {
      const unreadable = new GatewayAnswerUnreadableError(
        order.gateway as Gateway,
        'charge check',
        'amount',
        check,
      );
      return holdForPerson(order, unreadable, source);
    }
    if (order.status === 'PAYMENT_FAILED')
      return refundUnusableCharge(
        order,
        check,
        captured,
        source,
        'The payment was taken after it had been reported failed',
      );
    if (captured !== orderTotal(order))
      return refundUnusableCharge(
        order,
        check,
        captured,
        source,
        'The amount charged did not match the order',
      );
    await db.transaction(async (tx) => {
      const paid = await moveOrder(tx, order, 'PAID', {
        source,
        set: {
          capturedPaise: captured,
          gatewayPaymentId: check.paymentId,
          paymentMode: check.paymentMode,
          paymentInstrument: check.instrument,
        },
        detail: { gatewayStatus: check.providerStatus, paymentId: check.paymentId },
      });
      if (paid?.kind === 'test')
        await moveOrder(tx, paid, 'SUCCESS', { source: 'system', set: { completedAt: new Date() } });
    });
  }

  async function applyCharge(order: OrderRow, check: ChargeCheck, source: string) {
    if (check.state === 'PAID') return chargeTaken(order, check, source);
    if (order.status !== 'PAYMENT_PENDING') return;
    const expired = check.state === 'NOT_FOUND' && ageOf(order) > deps.handoffExpiryMs;
    if (check.state !== 'FAILED' && !expired) return;
    await db.transaction((tx) =>
      moveOrder(tx, order, 'PAYMENT_FAILED', {
        source,
        set: {
          failureReason: expired
            ? 'The payment was not completed in time'
            : 'The payment was declined or cancelled',
        },
        detail: { gatewayStatus: check.providerStatus },
      }),
    );
  }

  /**
   * Asks the order's gateway what happened to its charge and moves the order accordingly. Any report
   * (post back, callback, webhook, status poll) only triggers this: the gateway's API decides.
   */
  async function confirmCharge(orderId: string, source: string): Promise<OrderRow | undefined> {
    const order = await findOrder(db, orderId);
    if (!order?.gateway) return order;
    const undecided =
      order.status === 'PAYMENT_PENDING' || (order.status === 'PAYMENT_FAILED' && !order.capturedPaise);
    if (!undecided) return order;
    const check = await askGateway(order, source);
    if (check) await applyCharge(order, check, source);
    return findOrder(db, orderId);
  }

  /**
   * Before a new order for the same bill: the customer's earlier hand-off that the gateway says was
   * never paid (or failed) is closed, so that an abandoned checkout does not block paying. Answers
   * whether it was closed; a payment that did go through is taken as usual instead.
   */
  async function releaseUnpaid(order: OrderRow): Promise<boolean> {
    if (order.status !== 'PAYMENT_PENDING' || !order.gateway) return false;
    // A held charge keeps the bill: the new payment is refused until a person decides.
    const check = await askGateway(order, 'new-attempt');
    if (!check) return false;
    if (check.state === 'PAID') await chargeTaken(order, check, 'new-attempt');
    if (check.state !== 'NOT_FOUND' && check.state !== 'FAILED') return false;
    const released = await db.transaction((tx) =>
      moveOrder(tx, order, 'PAYMENT_FAILED', {
        source: 'new-attempt',
        set: { failureReason: 'The payment was not completed; a new payment replaced it' },
        detail: { gatewayStatus: check.providerStatus },
      }),
    );
    return released !== undefined;
  }

  async function applyNetworkOutcome(order: OrderRow, outcome: NetworkOutcome): Promise<void> {
    if (outcome.status === 'PENDING') return;
    if (outcome.status === 'SUCCESS') {
      await db.transaction((tx) =>
        moveOrder(tx, order, 'SUCCESS', {
          source: 'bbps',
          set: {
            txnReferenceId: outcome.txnReferenceId ?? null,
            approvalRefNum: outcome.approvalRefNum ?? null,
            completedAt: new Date(),
          },
        }),
      );
      return;
    }
    const reason = outcome.reason ?? 'The biller could not accept this payment';
    await db.transaction(async (tx) => {
      const failed = await moveOrder(tx, order, 'BILL_FAILED', {
        source: 'bbps',
        set: { failureReason: reason, txnReferenceId: outcome.txnReferenceId ?? null },
        detail: { reason },
      });
      if (failed)
        await refunds.requestRefund(tx, {
          orderId: order.id,
          note: `Automatic refund: ${reason}`,
          requestedBy: 'system',
          reason: 'auto',
        });
    });
    const refunding = await findOrder(db, order.id);
    if (refunding?.status === 'REFUND_PENDING') await refunds.progress(refunding);
  }

  async function paymentRequest(order: OrderRow): Promise<BillPaymentInput> {
    const fetch = order.billFetchId ? await findBillFetch(db, order.billFetchId, order.userId) : undefined;
    const custDetails = (fetch?.request.custDetails as BbpsPaymentRequest['custDetails'] | undefined) ?? {
      mobileNo: order.payer?.phone ?? '',
      customerTags: order.payer?.email ? [{ name: 'EMAIL', value: order.payer.email }] : [],
    };
    return {
      ...(order.refId ? { refId: order.refId } : {}),
      // Our order id: the network pays once per clientRequestId, so sending again never pays twice.
      clientRequestId: order.id,
      custDetails,
      billDetails: { billerId: order.billerId ?? '', customerParams: order.customerParams },
      amountDetails: {
        amount: String(order.amountPaise),
        currency: '356',
        custConvFee: String(order.convenienceFeePaise),
        couCustConvFee: '0',
      },
      paymentDetails: {
        paymentMode: order.paymentMode ?? 'UPI',
        quickPay: order.kind === 'recharge' ? 'Yes' : 'No',
        splitPay: 'No',
        offusPay: 'No',
        paymentInfo: paymentInfo(order),
      },
      ...(order.planId ? { planDetails: { planDetail: { type: 'ACTIVATED', id: order.planId } } } : {}),
    };
  }

  /** Sends (or sends again: same clientRequestId) the bill payment and applies a definite answer. */
  async function sendToNetwork(order: OrderRow): Promise<void> {
    try {
      const answer = await deps.bbps.pay(await paymentRequest(order), {
        ip: order.customerIp ?? '127.0.0.1',
      });
      const inner = answer.response;
      await applyNetworkOutcome(order, {
        status: answer.status === 'PENDING' ? 'PENDING' : answer.respCode === '1' ? 'SUCCESS' : 'FAILURE',
        txnReferenceId: inner.txnReferenceId,
        approvalRefNum: inner.approvalRefNum,
        reason: inner.errorList?.[0]?.errorDtl || inner.complianceReason || undefined,
      });
    } catch (error) {
      if (!isUnknownOutcome(error)) throw error;
      // A timeout or an outage is never a failure: the payment may have gone through.
      logger.warn({ err: error, orderId: order.id }, 'bill payment outcome unknown; reconciliation will ask');
    }
  }

  /** The `payments.pay-bill` job: PAID → BILL_PENDING (written first), then the network. */
  async function payBill(orderId: string): Promise<void> {
    let order = await findOrder(db, orderId);
    if (order?.status === 'PAID') {
      const paid = order;
      order = await db.transaction((tx) => moveOrder(tx, paid, 'BILL_PENDING', { source: 'system' }));
    }
    if (order?.status === 'BILL_PENDING') await sendToNetwork(order);
  }

  /** BILL_PENDING: the transaction status by our clientRequestId; unknown to the network → send again. */
  async function checkNetwork(order: OrderRow): Promise<void> {
    const answer = await deps.bbps.status({ clientRequestId: order.id });
    const txn = answer.respCode === '1' ? answer.response.txnList?.[0] : undefined;
    if (!txn) return sendToNetwork(order);
    await applyNetworkOutcome(order, {
      status: txn.txnStatus,
      txnReferenceId: txn.txnReferenceId,
      approvalRefNum: txn.approvalRefNumber || undefined,
      reason: txn.txnStatus === 'FAILURE' ? 'The biller declined the payment' : undefined,
    });
  }

  async function reconcileStep(order: OrderRow): Promise<void> {
    switch (order.status as OrderStatus) {
      case 'CREATED':
        if (ageOf(order) < CREATED_STALE_MS) return;
        await db.transaction((tx) =>
          moveOrder(tx, order, 'PAYMENT_FAILED', {
            source: 'reconcile',
            set: { failureReason: 'The payment could not be started' },
          }),
        );
        return;
      case 'PAYMENT_PENDING':
      case 'PAYMENT_FAILED':
        await confirmCharge(order.id, 'reconcile');
        return;
      case 'BILL_PENDING':
        return checkNetwork(order);
      case 'BILL_FAILED':
        await refunds.requestRefund(undefined, {
          orderId: order.id,
          note: `Automatic refund: ${order.failureReason ?? 'the biller could not accept this payment'}`,
          requestedBy: 'system',
          reason: 'auto',
        });
        return;
      case 'REFUND_PENDING':
        return refunds.progress(order);
      default:
        return;
    }
  }

  /**
   * The `payments.reconcile` job of one order in one status: moves it on if the outside world has
   * decided, else runs again later. A job whose order has already left that status is done.
   */
  async function reconcile(job: Job): Promise<JobOutcome> {
    const { orderId, status } = job.payload as { orderId: string; status: OrderStatus };
    const order = await findOrder(db, orderId);
    if (order?.status !== status) return undefined;
    try {
      await reconcileStep(order);
    } catch (error) {
      if (!isUnknownOutcome(error)) throw error;
      logger.warn({ err: error, orderId }, 'reconciliation could not reach an outside system');
    }
    const now = await findOrder(db, orderId);
    if (now?.status !== status || lateChargeWatchOver(now)) return undefined;
    return { retryAfterMs: reconcileBackoffMs(now) };
  }

  return { confirmCharge, releaseUnpaid, payBill, reconcile };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
