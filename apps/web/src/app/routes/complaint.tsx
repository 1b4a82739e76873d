import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import {
  ComplaintStatusForm,
  ComplaintTabs,
  RaiseComplaintForm,
  TransactionQueryForm,
} from '../../features/complaints/index.ts';
import { PageBanner } from '../../features/pages/index.ts';
import type { ComplaintNavigationState } from '../../lib/navigation-state.ts';

/**
 * /complaint: the three tabs, starting on navigation state `selectedTab` (the Complaint menu) and
 * pre-filled from `prefill` (a receipt's "Raise complaint" link). A new navigation starts afresh.
 */
export function Component() {
  const { formatMessage } = useIntl();
  const location = useLocation();
  const state = (location.state ?? {}) as ComplaintNavigationState;
  return (
    <>
      <PageBanner
        title={formatMessage({ id: 'complaints.page.title' })}
        trail={formatMessage({ id: 'complaints.page.trail' })}
      />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <ComplaintTabs
          key={location.key}
          initialTab={state.selectedTab ?? 'raise'}
          panels={{
            raise: <RaiseComplaintForm prefill={state.prefill} />,
            status: <ComplaintStatusForm />,
            transaction: <TransactionQueryForm />,
          }}
        />
      </div>
    </>
  );
}
