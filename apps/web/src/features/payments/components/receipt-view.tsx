import type { OrderDetail, OrderRefund } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { NetworkMark } from '../../../components/network-mark.tsx';
import { useFormat } from '../../../lib/format.ts';
import { useApiErrorText } from '../../../lib/i18n/api-errors.ts';
import { useSiteWords } from '../../../lib/i18n/site-words.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDownloadReceipt } from '../api/download-receipt.ts';
import { useReceiptOrder } from '../api/get-order.ts';
import { isNotFound, isUnauthorised } from '../model/payment-problem.ts';
import { complaintState, receiptLines, receiptStanding } from '../model/receipt.ts';
import { LoginNeeded } from './login-needed.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Printing shows the receipt alone, without the site's header and footer. */
const PRINT_ONLY_RECEIPT = `@media print {
  body * { visibility: hidden; }
  #receipt, #receipt * { visibility: visible; }
  #receipt { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none; }
}`;

const actionButton =
  'rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-50';

function ReceiptActions({ order }: { order: OrderDetail }) {
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();
  const download = useDownloadReceipt();
  const downloadPdf = () =>
    download.mutate(order.orderId, {
      onError: (error) =>
        toast.error(apiErrorText(error, formatMessage({ id: 'payments.receipt.downloadFailed' }))),
    });
  return (
    <div className="flex flex-wrap gap-3 print:hidden">
      <BusyButton className={actionButton} onClick={downloadPdf} busy={download.isPending}>
        {formatMessage({
          id: download.isPending ? 'payments.receipt.downloading' : 'payments.receipt.downloadPdf',
        })}
      </BusyButton>
      <button type="button" className={actionButton} onClick={() => window.print()}>
        {formatMessage({ id: 'payments.receipt.print' })}
      </button>
      <Link to={paths.complaint} state={complaintState(order)} className={actionButton}>
        {formatMessage({ id: 'payments.receipt.raiseComplaint' })}
      </Link>
    </div>
  );
}

/** The B-Connect Txn ID is what billers and complaints ask for: one click copies it. */
function CopyButton({ text }: { text: string }) {
  const { formatMessage } = useIntl();
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => toast.success(formatMessage({ id: 'payments.receipt.copied' })),
      () => toast.error(formatMessage({ id: 'payments.receipt.copyFailed' })),
    );
  return (
    <button type="button" onClick={copy} className={`${actionButton} bg-white text-sm print:hidden`}>
      {formatMessage({ id: 'payments.receipt.copy' })}
    </button>
  );
}

function RefundState({ refund }: { refund: OrderRefund }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  if (refund.status === 'COMPLETED') return formatMessage({ id: 'payments.status.refunded' });
  if (refund.status === 'FAILED') return formatMessage({ id: 'payments.status.failed' });
  // The deadline is a day (the end of T+5 in India, decision 063), as the status message tells it.
  return formatMessage({ id: 'payments.receipt.refundDueBy' }, { date: format.date(refund.deadline) });
}

function Refunds({ order }: { order: OrderDetail }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  if (order.refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-title" className="rounded-lg bg-sky-50 p-4 text-sky-950">
      <h2 id="refunds-title" className="font-semibold">
        {formatMessage({ id: 'payments.receipt.refunds' })}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {order.refunds.map((refund) => (
          <li key={refund.refundId}>
            {format.paise(refund.amount)} · <RefundState refund={refund} /> ·{' '}
            {formatMessage({ id: 'payments.receipt.refundRef' }, { id: refund.refundId })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Receipt({ order }: { order: OrderDetail }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const words = useSiteWords();
  return (
    <article id="receipt" className="space-y-5 rounded-xl bg-white p-6 shadow-sm">
      <style>{PRINT_ONLY_RECEIPT}</style>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">
            {formatMessage({ id: 'payments.receipt.title' })}
          </h1>
          <p className="text-sm text-gray-600">{formatMessage({ id: receiptStanding(order) })}</p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <NetworkMark mark="bharat-connect" />
          <StatusBadge order={order} />
        </div>
      </header>
      <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg bg-brand-50 p-4">
        <div>
          <p className="text-sm text-gray-700">{formatMessage({ id: 'payments.receipt.txnId' })}</p>
          <p className="font-mono text-xl font-bold tracking-wide text-brand-900">
            {order.txnReferenceId ?? formatMessage({ id: 'payments.receipt.txnIdPending' })}
          </p>
        </div>
        {order.txnReferenceId && <CopyButton text={order.txnReferenceId} />}
      </div>
      <dl className="divide-y divide-gray-100">
        {receiptLines(order, format, words).map((line) => (
          <div key={line.label} className="flex justify-between gap-4 py-2">
            <dt className="text-gray-600">{line.asSent ? line.label : formatMessage({ id: line.label })}</dt>
            <dd className="text-right font-medium wrap-anywhere">
              {line.valueId ? formatMessage({ id: line.value }) : line.value}
            </dd>
          </div>
        ))}
      </dl>
      <Refunds order={order} />
      <NetworkMark mark="b-assured" />
      <ReceiptActions order={order} />
    </article>
  );
}

/** `/receipt/:orderId`: the receipt of one of the user's payments, with PDF, print and complaint. */
export function ReceiptView({ orderId }: { orderId: string }) {
  const { formatMessage } = useIntl();
  const session = useSession();
  const order = useReceiptOrder(orderId, Boolean(session));
  if (!session || isUnauthorised(order.error)) return <LoginNeeded from={paths.receipt(orderId)} />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      {order.isPending && <Spinner label={formatMessage({ id: 'payments.receipt.loading' })} />}
      {order.isError && isNotFound(order.error) && (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
          {formatMessage({ id: 'payments.notFound' })}{' '}
          <Link to={paths.txn} className="font-semibold underline">
            {formatMessage({ id: 'payments.receipt.allTransactions' })}
          </Link>
        </p>
      )}
      {order.isError && !isNotFound(order.error) && (
        <LoadFailed onRetry={() => void order.refetch()} retrying={order.isFetching}>
          {formatMessage({ id: 'payments.receipt.loadFailed' })}
        </LoadFailed>
      )}
      {order.data && <Receipt order={order.data} />}
    </section>
  );
}
