import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import type { Job, JobOutcome } from '../../jobs/job-queue.ts';
import type { OrderMailKind } from './order-transitions.ts';
import { formatRupees } from './order-views.ts';
import { findAccount, findOrder, listRefunds } from './payments.repository.ts';
import { receiptFacts } from './receipt-pdf.ts';

/**
 * The `payments.mail` job: the confirmation e-mail of a successful payment (the receipt's facts) and
 * the notice of a completed refund, to the account's address. A job, so a mail outage delays it
 * instead of losing it; keyed by the order event, so it is sent once.
 */
export function createOrderMail(deps: {
  db: Database;
  mailer: Mailer;
  config: Config;
  logger: FastifyBaseLogger;
}) {
  return async function sendOrderMail(job: Job): Promise<JobOutcome> {
    const { orderId, mail } = job.payload as { orderId: string; mail: OrderMailKind };
    const order = await findOrder(deps.db, orderId);
    const account = order && (await findAccount(deps.db, order.userId));
    if (!order || !account?.email) return undefined;
    const receiptUrl = `${deps.config.PUBLIC_URL}/receipt/${order.id}`;
    const refunds = await listRefunds(deps.db, order.id);
    const facts = receiptFacts(order, refunds).map(([label, value]) => `${label}: ${value}`);
    const refunded = refunds
      .filter((r) => r.status === 'COMPLETED')
      .reduce((total, r) => total + r.amountPaise, 0);
    const body =
      mail === 'success'
        ? brandedEmail({
            title: 'Payment successful',
            highlight: order.txnReferenceId ?? undefined,
            paragraphs: [
              `Thank you. Your payment to ${order.billerName ?? 'the biller'} is complete.`,
              ...facts,
              `Your receipt: ${receiptUrl}`,
            ],
          })
        : brandedEmail({
            title: 'Refund completed',
            paragraphs: [
              `We have refunded ${formatRupees(refunded)} for your payment to ${order.billerName ?? 'the biller'} to your original payment method. Banks usually show it within 5 working days.`,
              ...facts,
              `Details: ${receiptUrl}`,
            ],
          });
    await deps.mailer.send({
      to: account.email,
      subject:
        mail === 'success'
          ? `Payment successful: ${order.billerName ?? 'Erti Pay'}`
          : 'Your refund is complete',
      ...body,
    });
    deps.logger.info({ orderId, mail }, 'order e-mail sent');
    return undefined;
  };
}
