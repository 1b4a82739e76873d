import { Gauge, type Registry } from 'prom-client';
import type { AlertFigure } from './metrics.repository.ts';

/**
 * How long an order may stay in each status before it is overdue (decision 130): a person should look
 * at one still there. Reconciliation checks each of them within two minutes and again with a backoff,
 * so past these times it has not been able to move the order. REFUND_PENDING has its own deadlines
 * (erti_refunds_due_soon, erti_refunds_late); NEEDS_ATTENTION waits for a person by design.
 */
export function orderExpectedSeconds(handoffExpirySeconds: number): Record<string, number> {
  return {
    CREATED: 30 * 60,
    // The hand-off is closed as failed at its expiry: half an hour more is reconciliation's.
    PAYMENT_PENDING: handoffExpirySeconds + 30 * 60,
    // The bill payment is a job queued with the charge's confirmation; a refused one is refunded at once.
    PAID: 15 * 60,
    BILL_FAILED: 15 * 60,
    // The bill network settles a pending payment within minutes as a rule; its status is asked for.
    BILL_PENDING: 60 * 60,
  };
}

/**
 * The gauges the alert rules need beyond the counts of decision 067, set from `alertFigures`. Every
 * label is always present (0 when nothing counts), so that a rule on "> 0" has a series to watch.
 */
export function alertGauges(registers: Registry[], overdueStatuses: readonly string[]) {
  const gauge = (name: string, help: string, labelName: string, labels: readonly string[]) => ({
    gauge: new Gauge({ name, help, labelNames: [labelName], registers }),
    labelName,
    labels,
  });
  const byFigure: Record<AlertFigure['figure'], ReturnType<typeof gauge>> = {
    overdue: gauge(
      'erti_orders_overdue',
      'Orders in a status longer than it should take (CREATED 30 min, PAYMENT_PENDING the hand-off expiry + 30 min, PAID and BILL_FAILED 15 min, BILL_PENDING 1 h).',
      'status',
      overdueStatuses,
    ),
    ended: gauge(
      'erti_payments_ended_15m',
      'Payments that ended in the last 15 minutes: paid (the order went on to the bill) or failed.',
      'outcome',
      ['paid', 'failed'],
    ),
    'refund-due-soon': gauge(
      'erti_refunds_due_soon',
      'Refunds still pending whose deadline falls within the next 24 hours (auto: RBI T+5; merchant: our window).',
      'reason',
      ['auto', 'merchant'],
    ),
    'notice-late': gauge(
      'erti_notices_late',
      "Notices not sent on time: My Bills' reminders and AutoPay's notices waiting 15 minutes past their time, retrying after a failure, or given up in the last day.",
      'notice',
      ['reminder', 'autopay'],
    ),
  };
  return (figures: AlertFigure[]) => {
    for (const { gauge: each, labelName, labels } of Object.values(byFigure))
      for (const label of labels) each.set({ [labelName]: label }, 0);
    for (const { figure, label, count } of figures) {
      const { gauge: each, labelName } = byFigure[figure];
      each.set({ [labelName]: label }, count);
    }
  };
}
