import type { BbpsPaymentRequest, NameValue } from '@erti/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  type BbpsClient,
  BbpsRejectedError,
  BbpsUnavailableError,
  type BillPaymentInput,
} from '../../integrations/bbps/bbps-client.ts';
import { findBillFetch } from '../bills/index.ts';
import { moveOrder } from './order-moves.ts';
import { findOrder, type OrderRow } from './orders.repository.ts';
import type { RefundsService } from './refunds.service.ts';

export interface BillPaymentDeps {
  db: Database;
  bbps: Pick<BbpsClient, 'pay' | 'status'>;
  refunds: RefundsService;
  logger: FastifyBaseLogger;
}

/** What the bill network said about a payment, in our words. */
interface NetworkOutcome {
  status: 'SUCCESS' | 'FAILURE' | 'PENDING';
  txnReferenceId?: string;
  approvalRefNum?: string;
  reason?: string;
}

/** The network could not be reached or refused the request: the payment's outcome is unknown, not failed. */
export const isNetworkOutcomeUnknown = (error: unknown) =>
  error instanceof BbpsUnavailableError || error instanceof BbpsRejectedError;

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
 * Paying a paid order's bill on Bharat Connect, once per order however often it is sent (our order id
 * is the clientRequestId), and applying the network's answer: SUCCESS, or BILL_FAILED with an
 * automatic refund. An unknown outcome is left for reconciliation to ask about.
 */
export function createBillPaymentService(deps: BillPaymentDeps) {
  const { db, logger, refunds } = deps;

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
      if (!isNetworkOutcomeUnknown(error)) throw error;
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

  return { payBill, checkNetwork };
}

export type BillPaymentService = ReturnType<typeof createBillPaymentService>;
