import type { Plan } from '@erti/contracts';
import type { ReactNode } from 'react';
import { planPriceText, planTagsText, tagValue, validityDays } from '../rules/plan-rules.ts';
import { PlanDescription } from './plan-description.tsx';

export type PlanBrowserVariant = 'home' | 'bill-entry';

export interface PlanColumn {
  header: string;
  cell(plan: Plan, circle: string | undefined): ReactNode;
  /** Extra cell classes: ids and prices read as one unit and never wrap. */
  className?: string;
}

const description: PlanColumn = {
  header: 'Description',
  cell: (plan) => <PlanDescription text={plan.planDescription} mode="cut" />,
};

const price = 'whitespace-nowrap font-semibold';

/** The columns of each variant (spec section 2, "Plan browser"). */
export const planColumns: Record<PlanBrowserVariant, PlanColumn[]> = {
  home: [
    { header: 'Circle', cell: (plan, circle) => plan.circle || circle || '—' },
    { header: 'Plan type', cell: (plan) => plan.categoryType },
    { header: 'Data', cell: (plan) => tagValue(plan, 'Data') || '—' },
    { header: 'Validity (in days)', cell: validityDays },
    description,
    { header: 'Price', cell: planPriceText, className: price },
  ],
  'bill-entry': [
    { header: 'Plan ID', cell: (plan) => plan.Id, className: 'whitespace-nowrap' },
    { header: 'Amount (₹)', cell: (plan) => plan.amountInRupees.toLocaleString('en-IN'), className: price },
    { header: 'Category', cell: (plan) => plan.categoryType },
    description,
    { header: 'Tags', cell: planTagsText },
  ],
};
