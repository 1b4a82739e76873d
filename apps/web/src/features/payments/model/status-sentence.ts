import type { PaymentStatusResponse } from '@erti/contracts';
import type { Formats } from '../../../lib/format.ts';
import type { Text } from '../../../lib/i18n/text.ts';

/**
 * The status modal's one plain sentence above the spec's field list (decision 111): the amount in
 * rupees, the biller and what happens next, from where the money is (decision 108).
 */
export function statusSentence(
  answer: Pick<PaymentStatusResponse, 'amount' | 'billerName' | 'orderStatus' | 'money'>,
  format: Formats,
): Text {
  const { money } = answer;
  const values = {
    amount: format.rupees(answer.amount),
    biller: answer.billerName ?? '',
    known: answer.billerName ? 'yes' : 'no',
  };
  const day = (iso: string | null) => (iso ? format.date(iso) : '');
  switch (money.state) {
    case 'pending':
      return answer.orderStatus === 'NEEDS_ATTENTION'
        ? { id: 'payments.statusDialog.sentence.beingChecked', values }
        : { id: 'payments.statusDialog.sentence.pending', values };
    case 'charged':
      return answer.orderStatus === 'SUCCESS'
        ? { id: 'payments.statusDialog.sentence.paid', values }
        : { id: 'payments.statusDialog.sentence.paying', values };
    case 'nothing-taken':
      return { id: 'payments.statusDialog.sentence.nothingTaken', values };
    case 'refund-started':
      return {
        id: 'payments.statusDialog.sentence.refundStarted',
        values: { ...values, refund: format.paise(money.refundingPaise), by: day(money.refundDeadline) },
      };
    case 'refunded':
      return {
        id: 'payments.statusDialog.sentence.refunded',
        values: { ...values, date: day(money.refundedAt) },
      };
    case 'partly-refunded':
      return {
        id: 'payments.statusDialog.sentence.partlyRefunded',
        values: { ...values, refund: format.paise(money.refundedPaise), date: day(money.refundedAt) },
      };
  }
}
