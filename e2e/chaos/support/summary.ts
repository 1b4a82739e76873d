import { GATEWAYS } from '@erti/contracts';
import type { AuditReport } from './audit.ts';
import type { AutopayOutcome } from './autopay.ts';
import type { AutopayFigures } from './autopay-audit.ts';
import { outsideFaults } from './chaos-plan.ts';
import type { ChaosOutcome } from './chaos-run.ts';
import type { JourneyRecord } from './journeys.ts';

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
const secondsOf = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

const list = (counts: Record<string, number>, separator = ', ') =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count}`)
    .join(separator);

/** Hits of the fault rules: the one-payment flags on gateway pages apart from the outside-world waves. */
function faultHits(run: ChaosOutcome) {
  const onPages: Record<string, number> = {};
  const outside: Record<string, number> = {};
  for (const rule of run.faultRules) {
    const onPage = rule.count === 1 && /\/(pay-page|_payment|checkout\/embedded)\/./.test(rule.path);
    const bucket = onPage ? onPages : outside;
    const label = outsideFaults.find(
      (fault) => fault.rule.path === rule.path && fault.rule.kind === rule.kind,
    )?.label;
    const name = onPage ? rule.kind : (label ?? `${rule.kind} ${rule.path}`);
    bucket[name] = (bucket[name] ?? 0) + rule.hits;
  }
  return { onPages, outside };
}

function customerLines(journeys: JourneyRecord[]): string[] {
  const count = (test: (journey: JourneyRecord) => boolean) => journeys.filter(test).length;
  const sum = (of: (journey: JourneyRecord) => number) => journeys.reduce((total, j) => total + of(j), 0);
  const refusals = [...new Set(journeys.flatMap((journey) => journey.refusals))];
  return [
    `  payments by gateway: ${list(
      Object.fromEntries(GATEWAYS.map((gateway) => [gateway, count((j) => j.plan.gateway === gateway)])),
    )}`,
    `  customers: ${count((j) => j.interruptions.length > 0)} interrupted by a crash, ${count((j) => j.attempts > 1)} tried again, ${sum((j) => j.lostHandOffs)} hand-off answers lost, ${sum((j) => j.refusals.length)} refusals seen`,
    ...refusals.map((text) => `    refusal: ${text}`),
    `  browser mishaps: ${count((j) => j.plan.returnLost)} returns lost, ${count((j) => j.plan.repeatReturn)} returns posted twice, ${count((j) => j.plan.twoTabs)} paid in two tabs, ${count((j) => j.plan.retryAtGateway && (j.plan.choice === 'failure' || j.plan.flags.includes('fail')))} paid again after a failure`,
  ];
}

/** AutoPay's part of the run: its customers, clock steps, debits and what became of them. */
export function autopayLines(outcome: AutopayOutcome, figures: AutopayFigures): string[] {
  return [
    `  AutoPay: ${figures.customers} customers (${figures.authorised} mandates approved), clocks moved ${outcome.movedHours} h in ${outcome.steps} steps`,
    `    gateways: ${figures.notices} debits notified, ${figures.attempts} debit attempts (${figures.retries} retries), ${figures.charged} charged`,
    `    debits: ${list(figures.debitsByStatus)}`,
    `    customers: ${list(figures.actions)}; ${figures.paidByHand} paid by hand, ${figures.handRefused} refused as AutoPay was paying`,
    `    mandate faults: ${list(countOf(outcome.faultWaves), '; ')}`,
  ];
}

const countOf = (labels: string[]) => {
  const counts: Record<string, number> = {};
  for (const label of labels) counts[label] = (counts[label] ?? 0) + 1;
  return counts;
};

/** The run in a few lines: what was done, what was injected, how it ended, and every violation. */
export function chaosSummary(
  run: ChaosOutcome,
  report: AuditReport,
  timing: { seed: number; totalMs: number; settleMs: number; settled: boolean },
  autopay: string[] = [],
): string {
  const hits = faultHits(run);
  const orders = Object.values(report.statuses).reduce((total, count) => total + count, 0);
  const { money, billPayments } = report;
  return [
    `Chaos run, seed ${timing.seed}: ${run.journeys.length} payments, ${orders} orders in ${secondsOf(timing.totalMs)} (paying ${secondsOf(run.driveMs)}, reconciling ${secondsOf(timing.settleMs)}${timing.settled ? '' : ', deadline passed'})`,
    ...customerLines(run.journeys),
    `  gateway-page faults (hits): ${list(hits.onPages)}`,
    `  outside faults (hits): ${list(hits.outside, '; ')}`,
    `  api killed (SIGKILL) and restarted ${run.crashes.length} times: ${run.crashes.map((crash) => `before payment #${crash.beforePayment}, down ${(crash.downMs / 1000).toFixed(1)} s`).join('; ')}`,
    ...(run.disruptions.length === 0
      ? []
      : [
          `  disruptions: ${run.disruptions.map((done) => `${done.name} before payment #${done.beforePayment} (${(done.ms / 1000).toFixed(1)} s)`).join('; ')}`,
        ]),
    `  final states: ${list(report.statuses)}`,
    ...Object.entries(report.byGateway).map(([gateway, statuses]) => `    ${gateway}: ${list(statuses)}`),
    `  abandoned checkouts (orders): ${report.abandoned.leftUnpaid} left unpaid (closed as failed), ${report.abandoned.paidAfterClose} paid after we closed them (refunded), ${report.abandoned.paidNeverReturned} paid and never came back (bill paid or refunded)`,
    `  awaiting checkout expiry (hand-off answer lost in a crash, never charged): ${report.awaitingExpiry.length}`,
    `  bill network: ${billPayments.success} paid, ${billPayments.failure} declined, ${billPayments.refused} refused, ${billPayments.payCallsAboveOne} sent more than once`,
    `  money: charged ${rupees(money.charged)} = paid to billers ${rupees(money.paidToBillers)} + test payments ${rupees(money.testPaymentsKept)} + refunded ${rupees(money.refunded)}`,
    ...autopay,
    report.violations.length === 0
      ? '  violations: none'
      : [
          `  violations (${report.violations.length}):`,
          ...report.violations.map((text) => `    - ${text}`),
          ...report.explanations,
        ].join('\n'),
  ].join('\n');
}
