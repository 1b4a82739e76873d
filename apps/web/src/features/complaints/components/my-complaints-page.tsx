import type { MyComplaint, QueryType } from '@erti/contracts';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { linkButtonClass, SignedInPage } from '../../../components/layout/signed-in-page.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { useFormat } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useMyComplaints } from '../api/list-my-complaints.ts';
import { queryTypeIds, statusLabel, statusMeaning } from '../status-label.ts';
import { ComplaintFacts } from './result-panel.tsx';

const isOver = (status: string) => ['RESOLVED', 'CLOSED', 'REJECTED', 'CANCELLED'].includes(status);

/** `/my-complaints` (decision 114): a signed-in customer's complaints, each with its status in words. */
export function MyComplaintsPage() {
  const { formatMessage } = useIntl();
  return (
    <SignedInPage
      path={paths.myComplaints}
      title={formatMessage({ id: 'complaints.mine.title' })}
      intro={formatMessage({ id: 'complaints.mine.intro' })}
      loginNeeded={formatMessage({ id: 'complaints.mine.loginNeeded' })}
    >
      <MyComplaintsList />
    </SignedInPage>
  );
}

function MyComplaintsList() {
  const { formatMessage } = useIntl();
  const complaints = useMyComplaints();
  if (complaints.isPending) return <Spinner label={formatMessage({ id: 'complaints.mine.loading' })} />;
  if (complaints.isError) {
    return (
      <div className="mt-6">
        <LoadFailed onRetry={() => void complaints.refetch()} retrying={complaints.isFetching}>
          {formatMessage({ id: 'complaints.mine.loadFailed' })}
        </LoadFailed>
      </div>
    );
  }
  if (complaints.data.complaints.length === 0) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center">
        <h2 className="text-lg font-semibold text-gray-900">
          {formatMessage({ id: 'complaints.mine.none' })}
        </h2>
        <Link to={paths.complaint} className={linkButtonClass}>
          {formatMessage({ id: 'complaints.tabs.raise' })}
        </Link>
      </div>
    );
  }
  return (
    <ul className="mt-6 space-y-4">
      {complaints.data.complaints.map((complaint) => (
        <li key={complaint.complaintId}>
          <ComplaintCard complaint={complaint} />
        </li>
      ))}
    </ul>
  );
}

function ComplaintCard({ complaint }: { complaint: MyComplaint }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  const queryTypeId = queryTypeIds[complaint.queryType as QueryType];
  const meaning = statusMeaning(complaint.status, formatMessage);
  const over = isOver(complaint.status);
  return (
    <article
      aria-labelledby={`complaint-${complaint.complaintId}`}
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`complaint-${complaint.complaintId}`} className="text-lg font-semibold text-gray-900">
          {formatMessage({ id: 'complaints.status.resultTitle' }, { complaintId: complaint.complaintId })}
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${over ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
        >
          {statusLabel(complaint.status, formatMessage)}
        </span>
      </div>
      {meaning && <p className="mt-2 text-gray-700">{meaning}</p>}
      <div className="mt-3">
        <ComplaintFacts
          facts={[
            {
              label: formatMessage({ id: 'complaints.raise.queryType' }),
              value: queryTypeId ? formatMessage({ id: queryTypeId }) : complaint.queryType,
            },
            ...(complaint.txnReferenceId
              ? [{ label: formatMessage({ id: 'complaints.mine.txnId' }), value: complaint.txnReferenceId }]
              : []),
            { label: formatMessage({ id: 'complaints.facts.remarks' }), value: complaint.remarks || '—' },
            {
              label: formatMessage({ id: 'complaints.mine.raisedAt' }),
              value: format.dateTime(complaint.raisedAt),
            },
            {
              label: formatMessage({ id: 'complaints.mine.updatedAt' }),
              value: format.dateTime(complaint.updatedAt),
            },
            ...(over
              ? []
              : [
                  {
                    label: formatMessage({ id: 'complaints.facts.resolutionBy' }),
                    value: format.calendarDate(complaint.expectedResolutionDate),
                  },
                ]),
          ]}
        />
      </div>
    </article>
  );
}
