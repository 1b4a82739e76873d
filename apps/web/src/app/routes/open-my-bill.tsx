import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, Navigate, useLocation } from 'react-router';
import { LoadFailed } from '../../components/layout/load-failed.tsx';
import { Spinner } from '../../components/layout/spinner.tsx';
import { fetchBill } from '../../features/bills/api/fetch-bill.ts';
import { getBiller } from '../../features/bills/api/get-biller.ts';
import { buildBillRequest } from '../../features/bills/bill-request.ts';
import type { BillDetailsState } from '../../features/bills/navigation.ts';
import { getMyBill } from '../../features/my-bills/api/get-my-bill.ts';
import { myBillsKeys } from '../../features/my-bills/api/keys.ts';
import { useApiErrorText } from '../../lib/i18n/api-errors.ts';
import { paths } from '../../lib/paths.ts';
import { getUserData } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';

/** No bill to pay: the biller's reason as sent, or (none given) our words in the site's language. */
class NoBillDue extends Error {}

/** An entry of My Bills, its biller's record and its bill fetched now: the bill confirmation's state. */
async function openMyBill(id: string): Promise<BillDetailsState> {
  const entry = await getMyBill(id);
  const biller = await getBiller({ billerId: entry.billerId, billerCategoryName: entry.billerCategoryName });
  const values = Object.fromEntries(entry.customerParams.map((param) => [param.name, param.value]));
  const billReq = buildBillRequest({ biller, values, user: getUserData() });
  const response = await fetchBill(biller.billerCategoryName, billReq);
  if (response.respCode !== 1 || !response.response.billerResponse) {
    throw new NoBillDue(response.response.errorList?.[0]?.errorDtl ?? '');
  }
  return { response, biller, billReq };
}

/**
 * `/billerdetails?myBill={id}` (Pay now, in My Bills and in reminder mails): after a login if needed,
 * fetches that entry's bill and shows its confirmation as a fetch on the bill page would.
 */
export function OpenMyBill({ id }: { id: string }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate replace to={paths.loginFrom(`${pathname}${search}`)} />;
  return <FetchedMyBill id={id} userId={session.UserId} />;
}

function FetchedMyBill({ id, userId }: { id: string; userId: string }) {
  const { formatMessage } = useIntl();
  const apiErrorText = useApiErrorText();
  const opened = useQuery({
    queryKey: myBillsKeys.opening(userId, id),
    queryFn: () => openMyBill(id),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (opened.data) return <Navigate replace to={paths.billerDetails} state={opened.data} />;
  if (opened.isError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold text-brand-700">
          {formatMessage({ id: 'my-bills.open.failed' })}
        </h1>
        {opened.error instanceof NoBillDue ? (
          <p role="alert" className="mt-3 text-gray-700">
            {opened.error.message || formatMessage({ id: 'my-bills.open.nothingDue' })}
          </p>
        ) : (
          <div className="mt-3">
            <LoadFailed onRetry={() => void opened.refetch()} retrying={opened.isFetching}>
              {apiErrorText(opened.error)}
            </LoadFailed>
          </div>
        )}
        <Link to={paths.myBills} className="mt-6 inline-block font-semibold text-brand-700 underline">
          {formatMessage({ id: 'my-bills.goToMyBills' })}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <Spinner label={formatMessage({ id: 'my-bills.open.fetching' })} />
    </section>
  );
}
