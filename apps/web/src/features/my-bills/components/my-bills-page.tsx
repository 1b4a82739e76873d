import type { Autopay, MyBill } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { linkButtonClass, SignedInPage } from '../../../components/layout/signed-in-page.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useMyBills } from '../api/list-my-bills.ts';
import { MyBillCard } from './my-bill-card.tsx';

/** `/my-bills`: the customer's billers, each with its latest bill, state and actions. */
export function MyBillsPage() {
  const { formatMessage } = useIntl();
  return (
    <SignedInPage
      path={paths.myBills}
      title={formatMessage({ id: 'my-bills.page.title' })}
      intro={formatMessage({ id: 'my-bills.page.intro' })}
      loginNeeded={formatMessage({ id: 'my-bills.page.loginNeeded' })}
    >
      <MyBillsList />
    </SignedInPage>
  );
}

function MyBillsList() {
  const { formatMessage } = useIntl();
  const bills = useMyBills();
  if (bills.isPending) return <Spinner label={formatMessage({ id: 'my-bills.page.loading' })} />;
  if (bills.isError) {
    return (
      <div className="mt-6">
        <LoadFailed onRetry={() => void bills.refetch()} retrying={bills.isFetching}>
          {formatMessage({ id: 'my-bills.page.loadFailed' })}
        </LoadFailed>
      </div>
    );
  }
  if (bills.data.length === 0) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center">
        <h2 className="text-lg font-semibold text-gray-900">{formatMessage({ id: 'my-bills.page.none' })}</h2>
        <p className="mt-2 text-gray-700">{formatMessage({ id: 'my-bills.page.noneHelp' })}</p>
        <Link to={paths.services} className={linkButtonClass}>
          {formatMessage({ id: 'bills.details.toServices' })}
        </Link>
      </div>
    );
  }
  return (
    <>
      <AutopayReturnNotice bills={bills.data} />
      <ul className="mt-6 space-y-4">
        {bills.data.map((bill) => (
          <li key={bill.id}>
            <MyBillCard bill={bill} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Back from a gateway's mandate page (`?autopay={id}`): how turning AutoPay on went, as the gateway said. */
function AutopayReturnNotice({ bills }: { bills: MyBill[] }) {
  const { formatMessage } = useIntl();
  const [search] = useSearchParams();
  const returned = bills.find((bill) => bill.id === search.get('autopay'));
  if (!returned?.autopay) return null;
  const words: Record<Autopay['state'], string> = {
    on: 'my-bills.autopayReturn.on',
    paused: 'my-bills.autopayReturn.paused',
    pending: 'my-bills.autopayReturn.pending',
    cancelled: 'my-bills.autopayReturn.cancelled',
    failed: 'my-bills.autopayReturn.failed',
  };
  return (
    <p role="status" className="mt-6 rounded-md bg-brand-50 px-4 py-3 text-brand-900">
      {formatMessage({ id: words[returned.autopay.state] }, { nickname: returned.nickname })}
    </p>
  );
}
