import { BRAND } from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import type { Job, JobOutcome } from '../../jobs/job-queue.ts';
import { type Translator, translatorFor } from '../../lib/i18n.ts';
import { findPayer } from '../bills/index.ts';
import { holdFactsOf, latestHold } from './held-charges.ts';
import type { OrderMailKind } from './order-follow-ups.ts';
import { formatRupees, moneyOf, orderTotal } from './order-views.ts';
import { findOrder, listEvents, type OrderRow } from './orders.repository.ts';
import { receiptFacts } from './receipt-pdf.ts';
import { listRefunds, type RefundRow } from './refunds.repository.ts';

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

/** The customer's mail of a successful payment (the receipt's facts) or a completed refund, in the profile's language. */
function customerMail(
  order: OrderRow,
  to: string,
  refunds: RefundRow[],
  options: { kind: Exclude<OrderMailKind, 'held'>; receiptUrl: string; translator: Translator },
): MailMessage {
  const { kind, receiptUrl, translator } = options;
  const { t } = translator;
  const biller = order.billerName ?? t('mail.theBiller');
  const facts = receiptFacts(order, refunds, translator).map(([label, value]) => `${label}: ${value}`);
  if (kind === 'success') {
    const body = brandedEmail({
      title: t('orders.success.title'),
      highlight: order.txnReferenceId ?? undefined,
      paragraphs: [
        t('orders.success.thanks', { biller }),
        ...facts,
        t('orders.success.receipt', { url: receiptUrl }),
      ],
      translator,
    });
    return { to, subject: t('orders.success.subject', { biller: order.billerName ?? BRAND }), ...body };
  }
  // A merchant's partial refund also ends in REFUNDED: the mail says which part came back (decision 108).
  const money = moneyOf(order, refunds);
  const amount = translator.money(money.refundedPaise);
  const partly = money.state === 'partly-refunded';
  const body = brandedEmail({
    title: t(partly ? 'orders.refund.partTitle' : 'orders.refund.title'),
    paragraphs: [
      partly
        ? t('orders.refund.partDone', { amount, total: translator.money(money.paidPaise), biller })
        : t('orders.refund.done', { amount, biller }),
      ...facts,
      t('orders.refund.details', { url: receiptUrl }),
    ],
    translator,
  });
  return { to, subject: t(partly ? 'orders.refund.partSubject' : 'orders.refund.subject'), ...body };
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
    if (mail === 'held') {
      if (!order) return undefined;
      await sendHoldNotice(deps, order);
      deps.logger.info({ orderId, mail }, 'support e-mail sent');
      return undefined;
    }
    const account = order && (await findPayer(deps.db, order.userId));
    if (!order || !account?.email) return undefined;
    await deps.mailer.send(
      customerMail(order, account.email, await listRefunds(deps.db, order.id), {
        kind: mail,
        receiptUrl: `${deps.config.PUBLIC_URL}/receipt/${order.id}`,
        translator: translatorFor(account.language),
      }),
    );
    deps.logger.info({ orderId, mail }, 'order e-mail sent');
    return undefined;
  };
}
