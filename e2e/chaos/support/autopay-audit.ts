import type { AutopayGateway } from '@erti/contracts';
import { phonepeOffPeak } from '@erti/protocols';
import type { DatabaseFacts, DebitFacts, OrderFacts } from './audit.ts';
import type { AutopayRecord } from './autopay.ts';
import type { LedgerEntry, MailFacts, MandateDebitRecords } from './sandbox.ts';

/**
 * AutoPay's promises after a chaos run (issue 25), checked against the gateways' own records of
 * every notice and debit attempt (times on the sandbox's clock) and their ledgers of real money:
 * no bill paid twice, every charged debit an order SUCCESS or REFUNDED, every debit noticed 24 hours
 * ahead (the gateway's notice and our mail), none skipped, paused, cancelled or above the cap, and
 * failed debits retried only off-peak (PhonePe), then mailed.
 */

const DAY_MS = 86_400_000;

/** What the books say of an undecided debit: its jobs and its order's events, for looking into it. */
function storyOf(db: DatabaseFacts, debit: DebitFacts): string {
  const jobs = db.jobs
    .filter((job) => job.payload.includes(debit.id))
    .map(
      (job) =>
        `${job.kind} ${job.status} after ${job.attempts} tries, due ${job.runAt}: ${job.lastError ?? '-'}`,
    );
  const order = db.orders.find((candidate) => candidate.id === debit.orderId);
  const events = db.events.filter((event) => event.orderId === debit.orderId).map((event) => event.line);
  return [`jobs: ${jobs.join(' | ') || 'none'}`, `order: ${order?.status ?? 'none'}`, ...events].join('; ');
}

export interface AutopayFigures {
  customers: number;
  authorised: number;
  debitsByStatus: Record<string, number>;
  /** Debits the gateways charged, and their notices and attempts. */
  charged: number;
  notices: number;
  attempts: number;
  retries: number;
  paidByHand: number;
  /** Hand payments refused because AutoPay was paying the bill (409). */
  handRefused: number;
  actions: Record<string, number>;
}

/** One gateway attempt of a debit, on either gateway, by our debit id. */
interface GatewayDebit {
  debitId: string;
  gateway: AutopayGateway;
  amount: number;
  maxAmount: number;
  notifiedAt: number | null;
  /** The earliest a debit may be taken by the gateway's own rule. */
  attempts: { at: number; state: string }[];
  charged: number;
}

function gatewayDebits(records: MandateDebitRecords, ledgers: Record<string, LedgerEntry[]>): GatewayDebit[] {
  const chargedOf = (gateway: string, key: string) =>
    ledgers[gateway]?.find((entry) => entry.order === key)?.charged ?? 0;
  return [
    ...records.phonepe.map((record) => ({
      debitId: record.merchantOrderId,
      gateway: 'phonepe' as const,
      amount: record.amount,
      maxAmount: record.maxAmount,
      notifiedAt: record.notifiedAt,
      attempts: record.attempts,
      charged: chargedOf('phonepe', record.merchantOrderId),
    })),
    ...records.razorpay.map((record) => ({
      debitId: record.receipt ?? record.orderId,
      gateway: 'razorpay' as const,
      amount: record.amount,
      maxAmount: record.maxAmount,
      notifiedAt: record.notifiedAt,
      attempts: record.attempts.map((attempt) => ({ at: attempt.at, state: attempt.status })),
      charged: chargedOf('razorpay', record.orderId),
    })),
  ];
}

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

export function auditAutopay(
  db: DatabaseFacts,
  outside: { ledgers: Record<string, LedgerEntry[]>; mails: MailFacts[]; mandateDebits: MandateDebitRecords },
  records: AutopayRecord[],
): { violations: string[]; figures: AutopayFigures } {
  const violations: string[] = [];
  const debitsById = new Map(db.debits.map((debit) => [debit.id, debit]));
  const mandatesById = new Map(db.mandates.map((mandate) => [mandate.id, mandate]));
  const ordersByMerchantId = new Map(db.orders.map((order) => [order.merchantOrderId, order]));
  const recordOf = new Map(records.map((record) => [record.myBillId ?? '', record]));
  const mailsTo = (record: AutopayRecord | undefined, subjectStart: string) =>
    outside.mails.filter(
      (mail) => mail.to.includes(record?.customer.email ?? '—') && mail.subject.startsWith(subjectStart),
    );
  const seen = gatewayDebits(outside.mandateDebits, outside.ledgers);
  for (const record of records)
    for (const error of record.errors) violations.push(`${record.nickname}: ${error}`);

  for (const debit of seen) {
    const ours = debitsById.get(debit.debitId);
    const record = ours && recordOf.get(ours.myBillId);
    const where = `debit ${debit.debitId} (${debit.gateway}, ${ours?.status ?? 'no debit of ours'})`;
    if (!ours) {
      if (debit.attempts.length > 0 || debit.charged > 0)
        violations.push(`${where}: attempted at the gateway, but AutoPay has no such debit`);
      continue;
    }
    const first = debit.attempts[0];
    if (first) {
      if (debit.notifiedAt === null) violations.push(`${where}: attempted without a delivered notice`);
      else if (first.at < debit.notifiedAt + DAY_MS)
        violations.push(
          `${where}: attempted ${((first.at - debit.notifiedAt) / 3_600_000).toFixed(1)} h after its notice`,
        );
      if (mailsTo(record, `AutoPay will pay ${record?.nickname} `).length === 0)
        violations.push(`${where}: attempted, but our notice mail never went out`);
      const mandate = mandatesById.get(ours.mandateId);
      if (debit.amount > (mandate?.capPaise ?? 0) || debit.amount > debit.maxAmount)
        violations.push(`${where}: ${debit.amount} paise is above the cap ${mandate?.capPaise}`);
      // A debit planned again on Resume (decision 084) stays as `superseded`: never to be attempted.
      if (['skipped', 'not-debited', 'needs-approval', 'superseded'].includes(ours.status))
        violations.push(`${where}: attempted at the gateway, but AutoPay says ${ours.status}`);
    }
    // PhonePe takes a failed debit again only in its off-peak windows.
    if (debit.gateway === 'phonepe')
      for (const retry of debit.attempts.slice(1))
        if (!phonepeOffPeak(new Date(retry.at)))
          violations.push(
            `${where}: retried at ${new Date(retry.at).toISOString()}, outside PhonePe's off-peak windows`,
          );
    if (debit.charged > 0) {
      const order: OrderFacts | undefined = ordersByMerchantId.get(debit.debitId);
      if (order?.status !== 'SUCCESS' && order?.status !== 'REFUNDED')
        violations.push(`${where}: charged ${debit.charged}, but its order is ${order?.status ?? 'missing'}`);
    }
    // What the customer was answered: a skip that succeeded is never debited; after a pause or a
    // cancel, no debit is opened and no failed one retried.
    for (const action of record?.actions ?? []) {
      if (action.status !== 200 || action.billNumber !== ours.billNumber) continue;
      if (action.action === 'skip' && (first || ours.status !== 'skipped'))
        violations.push(`${where}: skipped by the customer, but ${first ? 'attempted' : ours.status}`);
      if (action.action === 'skip' || action.action === 'resume') continue;
      // Until the customer resumed, if they did (then the debit is planned again, decision 084).
      const resumed = record?.actions.find((later) => later.action === 'resume' && later.status === 200);
      const until = {
        realAt: resumed?.realAt ?? Number.POSITIVE_INFINITY,
        sandboxAt: resumed?.sandboxAt ?? Number.POSITIVE_INFINITY,
      };
      const order = db.orders.find((candidate) => candidate.id === ours.orderId);
      const opened = Number(order?.createdAt ?? 0);
      const retriedAfter = debit.attempts
        .slice(1)
        .some((attempt) => attempt.at > action.sandboxAt && attempt.at < until.sandboxAt);
      if ((order && opened > action.realAt && opened < until.realAt) || retriedAfter)
        violations.push(
          `${where}: ${retriedAfter ? 'retried' : 'opened'} after AutoPay was ${action.action === 'pause' ? 'paused' : 'cancelled'}`,
        );
    }
  }

  // A debit failed for good is mailed once; every debit of ours the gateway charged is paid here.
  for (const debit of db.debits) {
    const record = recordOf.get(debit.myBillId);
    if (
      debit.status === 'failed' &&
      mailsTo(record, `${record?.nickname}: AutoPay could not pay this bill`).length === 0
    )
      violations.push(`debit ${debit.id}: failed, but the customer was never mailed`);
    if (debit.status === 'debiting' || debit.status === 'notifying')
      violations.push(`debit ${debit.id}: still ${debit.status} after the run; ${storyOf(db, debit)}`);
  }

  // No bill paid twice: by AutoPay and by hand, or twice by AutoPay (charged and kept).
  const kept = (order: OrderFacts) => order.status === 'SUCCESS';
  for (const record of records) {
    // A debit a pause ended stays, superseded, beside the one Resume planned (decision 084).
    const mine = db.debits.filter(
      (debit) => debit.myBillId === record.myBillId && debit.status !== 'superseded',
    );
    for (const [billNumber, count] of Object.entries(countBy(mine, (debit) => debit.billNumber)))
      if (count > 1) violations.push(`${record.nickname}: bill ${billNumber} has ${count} debits`);
    const byHand = record.paidByHand;
    if (!byHand) continue;
    const debit = mine.find((candidate) => candidate.billNumber === byHand.billNumber);
    const debitOrder = debit?.orderId ? db.orders.find((order) => order.id === debit.orderId) : undefined;
    const handOrders = byHand.journey.orderIds
      .map((id) => db.orders.find((order) => order.id === id))
      .filter((order): order is OrderFacts => order !== undefined && kept(order));
    if (debitOrder && kept(debitOrder) && handOrders.length > 0)
      violations.push(`${record.nickname}: bill ${byHand.billNumber} paid by AutoPay and by hand`);
  }

  const retries = seen.reduce((total, debit) => total + Math.max(0, debit.attempts.length - 1), 0);
  return {
    violations,
    figures: {
      customers: records.length,
      authorised: records.filter((record) => record.authorised).length,
      debitsByStatus: countBy(db.debits, (debit) => debit.status),
      charged: seen.filter((debit) => debit.charged > 0).length,
      notices: seen.filter((debit) => debit.notifiedAt !== null).length,
      attempts: seen.reduce((total, debit) => total + debit.attempts.length, 0),
      retries,
      paidByHand: records.filter((record) =>
        record.paidByHand?.journey.orderIds.some(
          (id) => db.orders.find((order) => order.id === id)?.status === 'SUCCESS',
        ),
      ).length,
      handRefused: records.filter((record) =>
        record.paidByHand?.journey.refusals.some((refusal) => refusal.startsWith('409')),
      ).length,
      actions: countBy(
        records.flatMap((record) => record.actions),
        (action) => `${action.action} ${action.status}`,
      ),
    },
  };
}
