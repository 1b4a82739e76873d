import type { Autopay, MyBill } from '@erti/contracts';
import { messages } from '@erti/contracts/messages';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useMyBills } from '../api/list-my-bills.ts';
import { MyBillCard } from './my-bill-card.tsx';

const linkButtonClass =
  'mt-5 inline-block rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** `/my-bills`: the customer's billers, each with its latest bill, state and actions. */
export function MyBillsPage() {
  const session = useSession();
  if (!session) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-gray-900">{messages.validation.loginToContinue}</h1>
        <p className="mt-2 text-gray-700">Your bills are shown after you log in.</p>
        <Link to={paths.loginFrom(paths.myBills)} className={linkButtonClass}>
          Login
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-700">My Bills</h1>
      <p className="mt-2 text-gray-600">
        We check each biller for a new bill and remind you before it is due.
      </p>
      <MyBillsList />
    </section>
  );
}

function MyBillsList() {
  const bills = useMyBills();
  if (bills.isPending) return <Spinner label="Loading your bills" />;
  if (bills.isError) {
    return (
      <p role="alert" className="mt-6 text-red-700">
        Could not load your bills. Please try again.
      </p>
    );
  }
  if (bills.data.length === 0) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center">
        <h2 className="text-lg font-semibold text-gray-900">No bills yet</h2>
        <p className="mt-2 text-gray-700">
          Fetch a bill from Services, then choose “Add to My Bills” on the bill, or in Recent Bills on the
          biller’s page. We will tell you when a new bill arrives and before it is due.
        </p>
        <Link to={paths.services} className={linkButtonClass}>
          Go to services
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
  const [search] = useSearchParams();
  const returned = bills.find((bill) => bill.id === search.get('autopay'));
  if (!returned?.autopay) return null;
  const { nickname } = returned;
  const words: Record<Autopay['state'], string> = {
    on: `AutoPay is on for ${nickname}.`,
    paused: `AutoPay is paused for ${nickname}.`,
    pending: `We are waiting for the payment provider to confirm AutoPay for ${nickname}.`,
    cancelled: `AutoPay was not turned on for ${nickname}.`,
    failed: `AutoPay was not turned on for ${nickname}: the mandate was not approved.`,
  };
  return (
    <p role="status" className="mt-6 rounded-md bg-brand-50 px-4 py-3 text-brand-900">
      {words[returned.autopay.state]}
    </p>
  );
}
