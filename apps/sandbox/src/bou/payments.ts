import { randomBytes } from 'node:crypto';
import type {
  BbpsPaymentResponse,
  BbpsPlan,
  BbpsStatusResponse,
  BbpsTxn,
  BbpsTxnStatus,
} from '@erti/protocols';
import { approvalNumber, type BillDesk, type BillRecord, requireAmountWithinLimits } from './bills.ts';
import type { Catalogue, CatalogueEntry } from './catalogue.ts';
import { istParts, julianStamp, type SandboxClock } from './clock.ts';
import { customerKey, requireActiveBiller, requireValidParams, testSuffix } from './customers.ts';
import { failed, NetworkRefusal, succeeded } from './envelope.ts';
import type { PlanBook } from './plans.ts';
import { UPPER_ALPHANUMERIC } from './random.ts';
import type { PaymentRequest, StatusRequest } from './requests.ts';

/**
 * Bill payment and transaction status. Payments are de-duplicated on `clientRequestId` (a retry
 * gets the same answer and never pays twice) and a bill (refId) is paid at most once. Outcomes by
 * the customer's test number or by the `fail` / `pending` fault flags; pending payments settle
 * after `pendingSettleMs` on the sandbox clock, when someone next looks at them.
 */

/** Why the biller declined; how a pending payment ends. */
const declined: [code: string, detail: string] = ['BPR005', 'Payment declined by the biller'];

export interface Transaction {
  txnReferenceId: string;
  clientRequestId: string;
  refId?: string;
  billerId: string;
  billerName: string;
  agentId: string;
  mobile: string;
  amountPaise: number;
  /** YYYY-MM-DD HH:mm:ss, India time. */
  txnDateTime: string;
  status: BbpsTxnStatus;
  approvalRefNum: string;
  plan?: BbpsPlan;
  /** A pending payment's end, on the sandbox clock. */
  settle?: { at: number; to: 'SUCCESS' | 'FAILURE' };
}

/** One clientRequestId: how often it was sent, and its single outcome. */
interface PaymentAttempt {
  clientRequestId: string;
  payCalls: number;
  amountPaise: number;
  /** The plan the request's planDetails named, if any. */
  planId?: string;
  transaction?: Transaction;
  refusal?: NetworkRefusal;
}

type PaymentOutcome = 'normal' | 'fail' | 'pending';

export class PaymentDesk {
  private readonly attempts = new Map<string, PaymentAttempt>();
  private readonly transactions = new Map<string, Transaction>();
  /** refId → the transaction that paid (or is paying) it. */
  private readonly paidBills = new Map<string, Transaction>();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly bills: BillDesk,
    private readonly plans: PlanBook,
    private readonly clock: SandboxClock,
    private readonly pendingSettleMs: number,
  ) {}

  /**
   * Pays once per clientRequestId. `outcome` is asked only for a new, acceptable payment, so fault
   * flags are not used up by retries or refusals.
   */
  pay(request: PaymentRequest, outcome: () => PaymentOutcome): BbpsPaymentResponse {
    const known = this.attempts.get(request.clientRequestId);
    if (known) {
      known.payCalls += 1;
      return this.answer(known, request.refId);
    }
    const attempt: PaymentAttempt = {
      clientRequestId: request.clientRequestId,
      payCalls: 1,
      amountPaise: Number(request.amountDetails.amount),
      planId: request.planDetails?.planDetail.id,
    };
    this.attempts.set(request.clientRequestId, attempt);
    try {
      const { entry, bill, plan } = this.acceptable(request);
      attempt.transaction = this.process(request, entry, bill, plan, outcome());
    } catch (error) {
      if (!(error instanceof NetworkRefusal)) throw error;
      attempt.refusal = error;
    }
    return this.answer(attempt, request.refId);
  }

  /** Checks a new payment against the biller, the fetched bill and the amount rules. */
  private acceptable(request: PaymentRequest) {
    const { billerId, customerParams } = request.billDetails;
    const entry = requireActiveBiller(this.catalogue, billerId, 'BPR001');
    requireValidParams(entry, customerParams, 'BPR002');
    const mode = request.paymentDetails.paymentMode;
    if (!entry.biller.billerPaymentModes.paymentModeInfo.some((info) => info.paymentMode === mode)) {
      throw new NetworkRefusal('BPR004', `Payment mode ${mode} is not accepted by this biller`);
    }
    const bill = this.billOf(request, entry);
    const amountPaise = Number(request.amountDetails.amount);
    requireAmountWithinLimits(entry, amountPaise, 'BPR011');
    if (bill?.kind === 'fetch' && bill.amountPaise !== undefined) {
      requireExactness(entry.biller.billerPaymentExactness, amountPaise, bill.amountPaise);
    }
    const plan = entry.plans ? this.planOf(request, entry, bill) : undefined;
    if (plan && plan.amountInRupees * 100 !== amountPaise) {
      throw new NetworkRefusal('BPR011', `Amount differs from the plan price of Rs ${plan.amountInRupees}`);
    }
    if (
      !plan &&
      bill?.kind === 'validate' &&
      bill.amountPaise !== undefined &&
      bill.amountPaise !== amountPaise
    ) {
      throw new NetworkRefusal('BPR011', 'Amount differs from the validated amount');
    }
    return { entry, bill, plan };
  }

  /** The fetched (or validated) bill this payment is for; none for a quick pay. */
  private billOf(request: PaymentRequest, entry: CatalogueEntry): BillRecord | undefined {
    if (!request.refId) {
      const needsBill =
        entry.biller.billerFetchRequiremet === 'MANDATORY' ||
        entry.biller.billerSupportBillValidation === 'MANDATORY';
      if (request.paymentDetails.quickPay !== 'Yes' || needsBill) {
        throw new NetworkRefusal('BPR003', 'Fetch or validate the bill before paying (refId missing)');
      }
      return undefined;
    }
    const bill = this.bills.record(request.refId);
    if (!bill || bill.billerId !== entry.biller.billerId) {
      throw new NetworkRefusal('BPR003', 'Unknown or expired bill reference (refId)');
    }
    if (bill.customerKey !== customerKey(entry, request.billDetails.customerParams)) {
      throw new NetworkRefusal('BPR003', 'The bill reference belongs to another customer');
    }
    const paid = this.paidBills.get(request.refId);
    if (paid && this.current(paid).status !== 'FAILURE') {
      throw new NetworkRefusal('BPR007', `Payment already received for this bill (${paid.txnReferenceId})`);
    }
    return bill;
  }

  private planOf(request: PaymentRequest, entry: CatalogueEntry, bill?: BillRecord): BbpsPlan {
    const planId = request.planDetails?.planDetail.id ?? bill?.planId;
    if (bill?.planId && planId !== bill.planId)
      throw new NetworkRefusal('BPR011', 'The plan differs from the validated plan');
    const plan = planId ? this.plans.find(entry, planId) : undefined;
    if (plan?.status !== 'ACTIVE') throw new NetworkRefusal('BPR011', 'Choose an available plan');
    return plan;
  }

  private process(
    request: PaymentRequest,
    entry: CatalogueEntry,
    bill: BillRecord | undefined,
    plan: BbpsPlan | undefined,
    outcome: PaymentOutcome,
  ): Transaction {
    const now = this.clock.now();
    const suffix = testSuffix(entry, request.billDetails.customerParams);
    const transaction: Transaction = {
      txnReferenceId: this.newTxnReferenceId(now),
      clientRequestId: request.clientRequestId,
      refId: request.refId,
      billerId: entry.biller.billerId,
      billerName: entry.biller.billerName,
      agentId: request.agentDetails.agentId,
      mobile: request.custDetails.mobileNo,
      amountPaise: Number(request.amountDetails.amount),
      txnDateTime: istParts(now).dateTime,
      status: 'SUCCESS',
      approvalRefNum: approvalNumber(),
      plan,
    };
    if (outcome === 'fail' || suffix === '0009')
      Object.assign(transaction, { status: 'FAILURE', approvalRefNum: '' });
    else if (outcome === 'pending' || suffix === '0007' || suffix === '0006') {
      const to = suffix === '0006' ? 'FAILURE' : 'SUCCESS';
      Object.assign(transaction, {
        status: 'PENDING',
        approvalRefNum: '',
        settle: { at: now.getTime() + this.pendingSettleMs, to },
      });
    }
    this.transactions.set(transaction.txnReferenceId, transaction);
    if (bill) this.paidBills.set(bill.refId, transaction);
    return transaction;
  }

  private newTxnReferenceId(now: Date): string {
    let id: string;
    do {
      let random = '';
      for (const byte of randomBytes(12)) random += UPPER_ALPHANUMERIC[byte % UPPER_ALPHANUMERIC.length];
      id = `EP01${julianStamp(now)}${random}`;
    } while (this.transactions.has(id));
    return id;
  }

  /** The transaction as it stands now: a pending one settles once its time has come. */
  private current(transaction: Transaction): Transaction {
    if (transaction.status !== 'PENDING' || !transaction.settle) return transaction;
    if (this.clock.now().getTime() < transaction.settle.at) return transaction;
    transaction.status = transaction.settle.to;
    transaction.approvalRefNum = transaction.settle.to === 'SUCCESS' ? approvalNumber() : '';
    transaction.settle = undefined;
    return transaction;
  }

  private answer(attempt: PaymentAttempt, refId?: string): BbpsPaymentResponse {
    const ids = refId ? { refId } : {};
    if (attempt.refusal) return failed(attempt.refusal.code, attempt.refusal.detail, ids);
    const transaction = this.current(attempt.transaction!);
    const inner = { txnReferenceId: transaction.txnReferenceId, txnDateTime: transaction.txnDateTime };
    if (transaction.status === 'FAILURE') return failed(...declined, ids, inner);
    if (transaction.status === 'PENDING') return succeeded(inner, ids, 'PENDING');
    const plan = transaction.plan;
    const billerPlanResponse = plan
      ? { planInfo: [{ type: 'ACTIVATED', planInfoTags: planInfoTags(plan) }] }
      : undefined;
    return succeeded(
      { ...inner, ...(billerPlanResponse && { billerPlanResponse }) },
      {
        ...ids,
        approvalRefNum: transaction.approvalRefNum,
      },
    );
  }

  transaction(txnReferenceId: string): Transaction | undefined {
    const transaction = this.transactions.get(txnReferenceId);
    return transaction && this.current(transaction);
  }

  status(request: StatusRequest): BbpsStatusResponse {
    if ('fromDate' in request && request.fromDate > request.toDate) {
      return failed('E400', 'fromDate must not be after toDate', {}, { txnList: [] });
    }
    return succeeded({ txnList: this.find(request).map((transaction) => toTxn(this.current(transaction))) });
  }

  private find(request: StatusRequest): Transaction[] {
    if ('txnReferenceId' in request) {
      const transaction = this.transactions.get(request.txnReferenceId);
      return transaction ? [transaction] : [];
    }
    if ('clientRequestId' in request) {
      const transaction = this.attempts.get(request.clientRequestId)?.transaction;
      return transaction ? [transaction] : [];
    }
    return [...this.transactions.values()].filter((transaction) => {
      const day = transaction.txnDateTime.slice(0, 10);
      return transaction.mobile === request.mobileNo && day >= request.fromDate && day <= request.toDate;
    });
  }

  /** Every payment request the network received, for the chaos tests' ledger check. */
  ledger() {
    return [...this.attempts.values()].map((attempt) => {
      const transaction = attempt.transaction && this.current(attempt.transaction);
      return {
        clientRequestId: attempt.clientRequestId,
        txnReferenceId: transaction?.txnReferenceId ?? null,
        refId: transaction?.refId ?? null,
        billerId: transaction?.billerId ?? null,
        amount: String(attempt.amountPaise),
        planId: attempt.planId ?? null,
        status: transaction?.status ?? 'REFUSED',
        complianceRespCd: attempt.refusal?.code ?? (transaction?.status === 'FAILURE' ? declined[0] : ''),
        payCalls: attempt.payCalls,
        txnDateTime: transaction?.txnDateTime ?? null,
      };
    });
  }
}

function requireExactness(exactness: string, amountPaise: number, billPaise: number): void {
  const allowed =
    exactness === 'Exact'
      ? amountPaise === billPaise
      : exactness === 'Exact and above'
        ? amountPaise >= billPaise
        : exactness === 'Exact and below'
          ? amountPaise <= billPaise
          : true;
  if (!allowed) {
    throw new NetworkRefusal(
      'BPR011',
      `Amount differs from the bill amount (${exactness || 'any amount'} rule)`,
    );
  }
}

function planInfoTags(plan: BbpsPlan) {
  return [
    { name: 'Id', value: plan.Id },
    { name: 'Plan Type', value: plan.categoryType },
    { name: 'amountInRupees', value: String(plan.amountInRupees) },
    { name: 'planDescription', value: plan.planDescription },
    ...plan.planAdditionalInfo.tag.map((tag) => ({ name: tag.paramName, value: tag.paramValue })),
  ];
}

function toTxn(transaction: Transaction): BbpsTxn {
  return {
    txnReferenceId: transaction.txnReferenceId,
    clientRequestId: transaction.clientRequestId,
    approvalRefNumber: transaction.approvalRefNum,
    txnStatus: transaction.status,
    amount: String(transaction.amountPaise),
    txnDate: transaction.txnDateTime,
    billerId: transaction.billerId,
    billerName: transaction.billerName,
    agentId: transaction.agentId,
    mobile: transaction.mobile,
  };
}
