import type { Plan } from '@erti/contracts';
import { PLAN_TABLE_HEIGHT_BILL_ENTRY_PX, PLAN_TABLE_HEIGHT_HOME_PX } from '@erti/contracts/constants';
import { digitsOnly } from '@erti/contracts/text';
import { type ReactNode, useEffect, useEffectEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { usePlans } from '../api/list-plans.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../hooks/use-media-query.ts';
import { ALL_PLANS_TAB, planForAmount, plansInTab, planTabs, searchPlans } from '../rules/plan-rules.ts';
import { PlanCards } from './plan-cards.tsx';
import type { PlanBrowserVariant } from './plan-columns.tsx';
import { PlanTable } from './plan-table.tsx';
import { PlanTabs, tabId } from './plan-tabs.tsx';
import { RetryNote } from './retry-note.tsx';

export interface PlanBrowserProps {
  billerId: string;
  /** The telecom circle; DTH and other circle-less billers leave it out. */
  circle?: string;
  variant: PlanBrowserVariant;
  /**
   * An amount typed outside the browser (the recharge form's Amount). When given it drives the
   * amount search and the browser shows no search box of its own.
   */
  searchAmount?: string;
  /** A plan was chosen: clicked, Select pressed, or its exact amount typed. */
  onSelect(plan: Plan): void;
  /** The typed amount no longer matches the chosen plan, so nothing is chosen. */
  onClear?(): void;
  /** Shows 'Proceed to Pay', enabled once a plan is chosen. */
  onProceed?(plan: Plan): void;
}

const heightStyle = (variant: PlanBrowserVariant) =>
  variant === 'home' ? { maxHeight: PLAN_TABLE_HEIGHT_HOME_PX } : { height: PLAN_TABLE_HEIGHT_BILL_ENTRY_PX };

/**
 * The plan browser (spec section 2): category tabs, the plans as a table (cards on small screens),
 * the amount search with exact-match auto-selection, and the chosen plan's summary.
 */
export function PlanBrowser(props: PlanBrowserProps) {
  const { formatMessage } = useIntl();
  const { billerId, circle, variant, searchAmount } = props;
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const plansQuery = usePlans(billerId, circle);
  const plans = plansQuery.data;
  const [tab, setTab] = useState(ALL_PLANS_TAB);
  const [ownSearch, setOwnSearch] = useState('');
  const [picked, setPicked] = useState<Plan | null>(null);
  const search = searchAmount ?? ownSearch;
  // A pick from another biller or circle does not carry over.
  const selected = picked && plans?.some((plan) => plan._id === picked._id) ? picked : null;

  // Typing an amount (or plans arriving after it) selects the plan at exactly that price, or clears
  // the choice; a click is not undone until the amount changes again.
  const applyAmount = useEffectEvent((list: readonly Plan[], amount: string) => {
    const next = planForAmount(list, amount, selected);
    if (next?._id === selected?._id) return;
    setPicked(next);
    if (next) props.onSelect(next);
    else props.onClear?.();
  });
  useEffect(() => {
    if (plans) applyAmount(plans, search);
  }, [plans, search]);

  const choose = (plan: Plan) => {
    setPicked(plan);
    setOwnSearch(String(plan.amountInRupees));
    props.onSelect(plan);
  };

  const tabs = plans ? planTabs(plans) : [ALL_PLANS_TAB];
  const activeTab = tabs.includes(tab) ? tab : ALL_PLANS_TAB;
  const shown = plans ? searchPlans(plansInTab(plans, activeTab), search) : [];

  return (
    <section
      aria-label={formatMessage({ id: 'recharge.plans.label' })}
      className="rounded-lg border border-gray-200 bg-white"
    >
      {searchAmount === undefined && (
        <div className="border-b border-gray-100 p-3">
          <label htmlFor={`${idPrefix}-search`} className="sr-only">
            {formatMessage({ id: 'spec.placeholders.planAmountSearch' })}
          </label>
          <input
            id={`${idPrefix}-search`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={formatMessage({ id: 'spec.placeholders.planAmountSearch' })}
            value={ownSearch}
            onChange={(event) => setOwnSearch(digitsOnly(event.target.value))}
            className="w-full rounded-md border border-gray-300 px-3 py-2 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 sm:w-64"
          />
        </div>
      )}
      <PlanTabs tabs={tabs} active={activeTab} onChange={setTab} panelId={panelId} idPrefix={idPrefix} />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(idPrefix, activeTab)}
        aria-busy={plansQuery.isPending}
        style={heightStyle(variant)}
        // `relative` makes the box the containing block of the cards' screen-reader-only text
        // (`sr-only` is position: absolute); without it that text escapes the box's clipping and
        // stretches the page to the end of the unclipped list, far below the footer.
        className="relative overflow-auto"
      >
        <PlanList
          status={plansQuery.status}
          onRetry={() => plansQuery.refetch()}
          plans={shown}
          render={(list) =>
            desktop ? (
              <PlanTable
                plans={list}
                variant={variant}
                circle={circle}
                selectedId={selected?._id ?? null}
                onSelect={choose}
              />
            ) : (
              <PlanCards
                plans={list}
                variant={variant}
                selectedId={selected?._id ?? null}
                onSelect={choose}
              />
            )
          }
        />
      </div>
      <PlanSummary plan={selected} onProceed={props.onProceed} />
    </section>
  );
}

interface PlanListProps {
  status: 'pending' | 'error' | 'success';
  onRetry(): void;
  plans: readonly Plan[];
  render(plans: readonly Plan[]): ReactNode;
}

function PlanList({ status, onRetry, plans, render }: PlanListProps) {
  const { formatMessage } = useIntl();
  if (status === 'pending') {
    return (
      <div className="flex justify-center p-6">
        <Spinner label={formatMessage({ id: 'recharge.plans.loading' })} />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="p-6 text-center">
        <RetryNote what="plans" onRetry={onRetry} />
      </div>
    );
  }
  if (plans.length === 0)
    return <p className="p-6 text-center text-gray-600">{formatMessage({ id: 'spec.empty.plans' })}</p>;
  return render(plans);
}

function PlanSummary({ plan, onProceed }: { plan: Plan | null; onProceed?: (plan: Plan) => void }) {
  const { formatMessage } = useIntl();
  if (!plan && !onProceed) return null;
  return (
    <div className="flex flex-col gap-3 border-t border-gray-100 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div aria-live="polite" className="text-sm text-gray-800">
        {plan && (
          <>
            <p>
              <span className="font-semibold">{formatMessage({ id: 'recharge.plans.selectedPlan' })}</span>{' '}
              {plan.planDescription}
            </p>
            <p>
              <span className="font-semibold">{formatMessage({ id: 'recharge.plans.planValidity' })}</span>{' '}
              {plan.categoryType}
            </p>
          </>
        )}
      </div>
      {onProceed && (
        <button
          type="button"
          disabled={!plan}
          onClick={() => plan && onProceed(plan)}
          className="shrink-0 rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600"
        >
          {formatMessage({ id: 'bills.details.proceed' })}
        </button>
      )}
    </div>
  );
}
