import type { Plan } from '@erti/contracts';
import type { KeyboardEvent } from 'react';
import { type PlanBrowserVariant, planColumns } from './plan-columns.tsx';

interface PlanTableProps {
  plans: readonly Plan[];
  variant: PlanBrowserVariant;
  circle: string | undefined;
  selectedId: string | null;
  onSelect(plan: Plan): void;
}

/** Enter or Space selects the focused row; the up and down arrows move between rows. */
function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, plan: Plan, onSelect: (plan: Plan) => void) {
  if (event.target !== event.currentTarget) return;
  const row = event.currentTarget;
  const sibling = { ArrowDown: row.nextElementSibling, ArrowUp: row.previousElementSibling }[event.key];
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    onSelect(plan);
  } else if (sibling instanceof HTMLElement) {
    event.preventDefault();
    sibling.focus();
  }
}

/** The desktop plan table: every row is clickable and keyboard-selectable (a single-select grid). */
export function PlanTable({ plans, variant, circle, selectedId, onSelect }: PlanTableProps) {
  const columns = planColumns[variant];
  return (
    // A table whose rows are chosen is a single-select grid in ARIA terms, so rows can carry aria-selected.
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table
    <table role="grid" aria-label="Plans" aria-readonly="true" className="w-full text-left text-sm">
      <thead className="sticky top-0 z-10 bg-brand-50 text-xs tracking-wide text-brand-900 uppercase">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className="px-3 py-2 font-semibold">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {plans.map((plan) => {
          const selected = plan._id === selectedId;
          return (
            <tr
              key={plan._id}
              tabIndex={0}
              aria-selected={selected}
              onClick={() => onSelect(plan)}
              onKeyDown={(event) => onRowKeyDown(event, plan, onSelect)}
              className={`cursor-pointer border-t border-gray-100 align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${
                selected ? 'bg-brand-100' : 'hover:bg-gray-50'
              }`}
            >
              {columns.map((column) => (
                <td key={column.header} className={`px-3 py-2 text-gray-800 ${column.className ?? ''}`}>
                  {column.cell(plan, circle)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
