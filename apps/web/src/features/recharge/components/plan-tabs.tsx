import { type KeyboardEvent, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ALL_PLANS_TAB } from '../rules/plan-rules.ts';

interface PlanTabsProps {
  tabs: readonly string[];
  active: string;
  onChange(tab: string): void;
  panelId: string;
  idPrefix: string;
}

/** Where arrow, Home and End keys move along the tab list (wrapping), or null for other keys. */
function tabAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab.replace(/\W+/g, '-')}`;

/** The category tabs (ARIA tabs, automatic activation): All plus one per plan category type. */
export function PlanTabs({ tabs, active, onChange, panelId, idPrefix }: PlanTabsProps) {
  const { formatMessage } = useIntl();
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(event.key, index, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (next === null || tab === undefined) return;
    event.preventDefault();
    onChange(tab);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={formatMessage({ id: 'recharge.plans.categories' })}
      className="flex gap-1 overflow-x-auto border-b border-gray-200"
    >
      {tabs.map((tab, index) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            id={tabId(idPrefix, tab)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-500 ${
              selected
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-gray-600 hover:text-brand-700'
            }`}
          >
            {/* 'All' is ours; the other tabs are the plans' categories as the network sends them. */}
            {tab === ALL_PLANS_TAB ? formatMessage({ id: 'recharge.plans.all' }) : tab}
          </button>
        );
      })}
    </div>
  );
}
