import type { MyBill } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { useFormat } from '../../../lib/format.ts';
import { useMyBills } from '../api/list-my-bills.ts';

/** The entry whose AutoPay has planned (or noticed) the debit of this bill, if any. */
function entryAboutToPay(entries: MyBill[] | undefined, billerId: string, billNumber: string) {
  return entries?.find(
    (entry) =>
      entry.billerId === billerId &&
      entry.autopay?.state === 'on' &&
      entry.autopay.debit?.billNumber === billNumber &&
      ['notifying', 'scheduled'].includes(entry.autopay.debit.state),
  );
}

/**
 * On the bill confirmation, above the button that goes on to pay: a bill AutoPay is about to pay says
 * so first (decision 115). Paid by hand, it is not debited; the customer decides knowing that.
 */
export function AutopayWillPayNotice({ billerId, billNumber }: { billerId: string; billNumber?: string }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  // Signed out, My Bills is not asked (the query is off) and nothing is said.
  const entries = useMyBills().data;
  const entry = billNumber ? entryAboutToPay(entries, billerId, billNumber) : undefined;
  const debit = entry?.autopay?.debit;
  if (!entry || !debit) return null;
  return (
    <p role="note" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
      {formatMessage(
        { id: debit.debitAt ? 'my-bills.autopayWillPay.on' : 'my-bills.autopayWillPay.soon' },
        {
          nickname: entry.nickname,
          amount: format.rupees(debit.amount),
          date: debit.debitAt ? format.dateTime(debit.debitAt) : '',
        },
      )}
    </p>
  );
}
