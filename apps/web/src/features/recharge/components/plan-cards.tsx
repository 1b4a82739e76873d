import type { Plan } from '@erti/contracts';
import { type IntlShape, useIntl } from 'react-intl';
import { useFormat } from '../../../lib/format.ts';
import { planTagsText, tagValue, validityDays } from '../rules/plan-rules.ts';
import { type PlanBrowserVariant, planPriceText } from './plan-columns.tsx';
import { PlanDescription } from './plan-description.tsx';

interface PlanCardsProps {
  plans: readonly Plan[];
  variant: PlanBrowserVariant;
  selectedId: string | null;
  onSelect(plan: Plan): void;
}

/** The facts under a card's price, per variant: a label's message id and the value. */
function cardFacts(plan: Plan, variant: PlanBrowserVariant, intl: IntlShape): [string, string][] {
  if (variant === 'bill-entry') {
    return [
      ['recharge.plans.planId', plan.Id],
      [
        'recharge.plans.tags',
        planTagsText(plan, intl.formatMessage({ id: 'payments.statusDialog.notAvailable' })),
      ],
    ];
  }
  return [
    ['recharge.plans.data', tagValue(plan, 'Data') || '—'],
    ['recharge.plans.validity', validityDays(plan)],
  ];
}

/** Small screens: one card per plan with a Select button; long descriptions clamp with View More. */
export function PlanCards({ plans, variant, selectedId, onSelect }: PlanCardsProps) {
  const intl = useIntl();
  const format = useFormat();
  return (
    <ul aria-label={intl.formatMessage({ id: 'recharge.plans.label' })} className="flex flex-col gap-3 p-1">
      {plans.map((plan) => {
        const selected = plan._id === selectedId;
        const price = variant === 'home' ? planPriceText(plan, intl) : format.price(plan.amountInRupees);
        return (
          <li
            key={plan._id}
            className={`rounded-lg border p-3 ${selected ? 'border-brand-600 bg-brand-50' : 'border-gray-200 bg-white'}`}
          >
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="text-lg font-semibold text-gray-900">{price}</p>
                <p className="text-xs font-medium text-brand-700 uppercase">{plan.categoryType}</p>
              </div>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(plan)}
                className={`rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  selected ? 'bg-brand-700 text-white' : 'border border-brand-600 text-brand-700'
                }`}
              >
                {intl.formatMessage({ id: selected ? 'recharge.plans.selected' : 'recharge.plans.select' })}
                <span className="sr-only"> {`${price} ${plan.categoryType}`}</span>
              </button>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 text-sm">
              {cardFacts(plan, variant, intl).map(([term, value]) => (
                <div key={term}>
                  <dt className="text-gray-500">{intl.formatMessage({ id: term })}</dt>
                  <dd className="text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-sm text-gray-700">
              <PlanDescription text={plan.planDescription} mode="clamp" />
            </p>
          </li>
        );
      })}
    </ul>
  );
}
