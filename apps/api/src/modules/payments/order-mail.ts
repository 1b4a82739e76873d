import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import type { Job, JobOutcome } from '../../jobs/job-queue.ts';
import { holdFactsOf, latestHold } from './held-charges.ts';
import type { OrderMailKind } from './order-follow-ups.ts';
import { formatRupees, orderTotal } from './order-views.ts';
import { findAccount, findOrder, listEvents, listRefunds, type OrderRow } from './payments.repository.ts';
import { receiptFacts } from './receipt-pdf.ts';

interface OrderMailDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
  logger: FastifyBaseLogger;
}

/** The support inbox's notice of a charge held for a person: which order, which gateway, what could not be read. */
async function sendHoldNotice(deps: OrderMailDeps, order: OrderRow): Promise<void> {
  const hold = latestHold(await listEvents(deps.db, order.id));
  if (!hold) return;
  const facts = holdFactsOf(hold);
  const body = brandedEmail({
    title: 'A payment needs a person',
    paragraphs: [
      `The ${order.gateway} answer about order ${order.merchantOrderId} (${order.id}) could not be read: the ${facts.unreadable} in its ${facts.gatewayCall} answer. Nothing was taken as paid or refunded; the order is held until a person resolves it.`,
      `Total asked: ${formatRupees(orderTotal(order))} for ${order.billerName ?? 'the biller'}.`,
      `Check the payment in the ${order.gateway} dashboard, then resolve it under Needs attention: ${deps.config.PUBLIC_URL}/merchant`,
      `The answer as it came: ${facts.answer.slice(0, 2000)}`,
    ],
  });
  await deps.mailer.send({
    to: deps.config.SUPPORT_EMAIL,
    subject: `Needs attention: order ${order.merchantOrderId} (${order.gateway})`,
    ...body,
  });
}

/**
 * The `payments.mail` job: the confirmation e-mail of a successful payment (the receipt's facts) and
 * the notice of a completed refund, to the account's address; the support inbox's notice of a held
 * charge. A job, so a mail outage delays it instead of losing it; keyed by the order event, so it is
 * sent once.
 */
export function createOrderMail(deps: OrderMailDeps) {
  return async function sendOrderMail(job: Job): Promise<JobOutcome> {
    const { orderId, mail } = job.payload as { orderId: string; mail: OrderMailKind };
    const order = await findOrder(deps.db, orderId);
    if (order && mail === 'held') {
      await sendHoldNotice(deps, order);
      deps.logger.info({ orderId, mail }, 'support e-mail sent');
      return undefined;
    }
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
