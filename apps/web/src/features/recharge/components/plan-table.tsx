import type { Plan } from '@erti/contracts';
import { type KeyboardEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { type PlanBrowserVariant, planColumns } from './plan-columns.tsx';
import { InRowTabOrder } from './plan-description.tsx';

interface PlanTableProps {
  plans: readonly Plan[];
  variant: PlanBrowserVariant;
  circle: string | undefined;
  selectedId: string | null;
  onSelect(plan: Plan): void;
}

/** The row that the arrow, Home and End keys move the focus to from `row`, if any. */
function rowAfterKey(row: HTMLElement, key: string): Element | null | undefined {
  const rows = row.parentElement;
  return {
    ArrowDown: row.nextElementSibling,
    ArrowUp: row.previousElementSibling,
    Home: rows?.firstElementChild,
    End: rows?.lastElementChild,
  }[key];
}

/** Enter or Space selects the focused row; the arrows, Home and End move between rows. */
function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, plan: Plan, onSelect: (plan: Plan) => void) {
  if (event.target !== event.currentTarget) return;
  const next = rowAfterKey(event.currentTarget, event.key);
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    onSelect(plan);
  } else if (next instanceof HTMLElement) {
    event.preventDefault();
    next.focus();
  }
}

/**
 * The desktop plan table: every row is clickable and keyboard-selectable (a single-select grid).
 * The grid is one Tab stop (a roving tabindex), so a keyboard user passes a long list with one
 * Tab instead of one per plan: the stop is the row last focused, else the chosen plan, else the first.
 */
export function PlanTable({ plans, variant, circle, selectedId, onSelect }: PlanTableProps) {
  const intl = useIntl();
  const columns = planColumns[variant];
  const label = intl.formatMessage({ id: 'recharge.plans.label' });
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const tabStopId =
    [focusedId, selectedId].find((id) => plans.some((plan) => plan._id === id)) ?? plans[0]?._id;
  return (
    // A table whose rows are chosen is a single-select grid in ARIA terms, so rows can carry aria-selected.
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
    <table role="grid" aria-label={label} aria-readonly="true" className="w-full text-left text-sm">
      <thead className="sticky top-0 z-10 bg-brand-50 text-xs tracking-wide text-brand-900 uppercase">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className="px-3 py-2 font-semibold">
              {intl.formatMessage({ id: column.header })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {plans.map((plan) => {
          const selected = plan._id === selectedId;
          const tabStop = plan._id === tabStopId;
          return (
            <tr
              key={plan._id}
              tabIndex={tabStop ? 0 : -1}
              aria-selected={selected}
              onClick={() => onSelect(plan)}
              onFocus={() => setFocusedId(plan._id)}
              onKeyDown={(event) => onRowKeyDown(event, plan, onSelect)}
              className={`cursor-pointer border-t border-gray-100 align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${
                selected ? 'bg-brand-100' : 'hover:bg-gray-50'
              }`}
            >
              <InRowTabOrder value={tabStop}>
                {columns.map((column) => (
                  <td key={column.header} className={`px-3 py-2 text-gray-800 ${column.className ?? ''}`}>
                    {column.cell(plan, { circle, intl })}
                  </td>
                ))}
              </InRowTabOrder>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
