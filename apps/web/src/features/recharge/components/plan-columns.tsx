import type { Plan } from '@erti/contracts';
import type { ReactNode } from 'react';
import type { IntlShape } from 'react-intl';
import { planTagsText, tagValue, validityDays } from '../rules/plan-rules.ts';
import { PlanDescription } from './plan-description.tsx';

export type PlanBrowserVariant = 'home' | 'bill-entry';

/** What a cell needs besides its plan: the chosen circle and the site's language. */
export interface CellContext {
  circle: string | undefined;
  intl: IntlShape;
}

export interface PlanColumn {
  /** The header's message id. */
  header: string;
  cell(plan: Plan, context: CellContext): ReactNode;
  /** Extra cell classes: ids and prices read as one unit and never wrap. */
  className?: string;
}

/** The home-side variant's price, as the spec writes it: 'Rs. 2999' in English. */
export const planPriceText = (plan: Plan, intl: IntlShape) =>
  intl.formatMessage({ id: 'recharge.plans.price' }, { amount: plan.amountInRupees });

const description: PlanColumn = {
  header: 'recharge.plans.description',
  cell: (plan) => <PlanDescription text={plan.planDescription} mode="cut" />,
};

const price = 'whitespace-nowrap font-semibold';

/** The columns of each variant (spec section 2, "Plan browser"). */
export const planColumns: Record<PlanBrowserVariant, PlanColumn[]> = {
  home: [
    { header: 'recharge.plans.circle', cell: (plan, { circle }) => plan.circle || circle || '—' },
    { header: 'recharge.plans.planType', cell: (plan) => plan.categoryType },
    { header: 'recharge.plans.data', cell: (plan) => tagValue(plan, 'Data') || '—' },
    { header: 'recharge.plans.validity', cell: validityDays },
    description,
    {
      header: 'recharge.plans.priceHeader',
      cell: (plan, { intl }) => planPriceText(plan, intl),
      className: price,
    },
  ],
  'bill-entry': [
    { header: 'recharge.plans.planId', cell: (plan) => plan.Id, className: 'whitespace-nowrap' },
    {
      header: 'recharge.plans.amount',
      cell: (plan, { intl }) => intl.formatNumber(plan.amountInRupees),
      className: price,
    },
    { header: 'recharge.plans.category', cell: (plan) => plan.categoryType },
    description,
    {
      header: 'recharge.plans.tags',
      cell: (plan, { intl }) =>
        planTagsText(plan, intl.formatMessage({ id: 'payments.statusDialog.notAvailable' })),
    },
  ],
};
