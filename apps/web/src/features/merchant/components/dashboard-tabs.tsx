import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useIntl } from 'react-intl';

export type DashboardTab = 'transactions' | 'refunds' | 'needs-attention';

const tabs: { id: DashboardTab; label: string }[] = [
  { id: 'transactions', label: 'payments.transactions.title' },
  { id: 'refunds', label: 'payments.receipt.refunds' },
  { id: 'needs-attention', label: 'merchant.tabs.needsAttention' },
];

const tabClass =
  'border-b-2 px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-brand-700 aria-selected:border-brand-700 aria-selected:text-brand-800 border-transparent text-gray-600 hover:text-gray-900';

/**
 * The Transactions, Refunds and Needs attention tabs (WAI-ARIA tabs: arrow keys move between them, Tab goes into
 * the panel) with `actions` (Refresh) beside them.
 */
export function DashboardTabs(props: {
  active: DashboardTab;
  onChange: (tab: DashboardTab) => void;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { formatMessage } = useIntl();
  const baseId = useId();
  const buttons = useRef<Partial<Record<DashboardTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const index = tabs.findIndex((tab) => tab.id === props.active);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(index + step + tabs.length) % tabs.length]?.id ?? props.active;
    props.onChange(next);
    buttons.current[next]?.focus();
  };
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-gray-200">
        <div
          role="tablist"
          aria-label={formatMessage({ id: 'merchant.title' })}
          className="flex"
          onKeyDown={onKeyDown}
        >
          {tabs.map((tab) => (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[tab.id] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={props.active === tab.id}
              aria-controls={`${baseId}-panel`}
              tabIndex={props.active === tab.id ? 0 : -1}
              onClick={() => props.onChange(tab.id)}
              className={tabClass}
            >
              {formatMessage({ id: tab.label })}
            </button>
          ))}
        </div>
        <div className="pb-2">{props.actions}</div>
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${props.active}-tab`}
        className="pt-4"
      >
        {props.children}
      </div>
    </div>
  );
}
