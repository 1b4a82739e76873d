import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ComplaintNavigationState } from '../../../../lib/navigation-state.ts';
import { paths } from '../../../../lib/paths.ts';

const complaintLinks: { label: string; tab: NonNullable<ComplaintNavigationState['selectedTab']> }[] = [
  { label: 'nav.complaintLinks.raise', tab: 'raise' },
  { label: 'nav.complaintLinks.status', tab: 'status' },
  { label: 'nav.complaintLinks.transaction', tab: 'transaction' },
];

/** The Complaint menu: each entry opens /complaint on its tab (navigation state `selectedTab`). */
export function ComplaintLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { formatMessage } = useIntl();
  return (
    <ul className="flex min-w-48 flex-col gap-1">
      {complaintLinks.map((link) => (
        <li key={link.tab}>
          <Link
            to={paths.complaint}
            state={{ selectedTab: link.tab } satisfies ComplaintNavigationState}
            onClick={onNavigate}
            className="block rounded-md px-3 py-2 text-gray-700 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {formatMessage({ id: link.label })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
