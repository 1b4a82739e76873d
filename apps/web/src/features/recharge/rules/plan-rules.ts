import type { Plan } from '@erti/contracts';
import { PLAN_DESCRIPTION_CUT, PLAN_DESCRIPTION_VIEW_MORE_WORDS } from '@erti/contracts/constants';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import { digitsOnly } from '@erti/contracts/text';

/** The first tab, showing every plan. */
export const ALL_PLANS_TAB = 'All';

/** Shown as 'name: value' in the bill-entry variant, except this one (it names the pack, not a benefit). */
const HIDDEN_TAG = 'package name';

/** Tabs: All, then each categoryType in the order the plans first show it. */
export function planTabs(plans: readonly Plan[]): string[] {
  const types = new Set(
    plans.map((plan) => plan.categoryType).filter((type) => type && type !== ALL_PLANS_TAB),
  );
  return [ALL_PLANS_TAB, ...types];
}

export function plansInTab(plans: readonly Plan[], tab: string): readonly Plan[] {
  return tab === ALL_PLANS_TAB ? plans : plans.filter((plan) => plan.categoryType === tab);
}

/** A plan's price in paise, read by the one rupee parser; undefined when it cannot be read. */
export const planPaise = (plan: Plan) => paiseOrUndefined(parseRupees(plan.amountInRupees));

/** Whether a typed amount is exactly this plan's price. */
export function isPlanAmount(plan: Plan, text: string): boolean {
  const paise = paiseOrUndefined(parseRupees(text, 'typed'));
  return paise !== undefined && paise > 0 && paise === planPaise(plan);
}

/** The whole-rupee digits of a typed amount, which the amount search compares with plan prices. */
const searchDigits = (text: string) => digitsOnly(text.split('.')[0] ?? '');

/**
 * The plans an amount search shows: those whose price contains the typed digits, the exact price first,
 * then prices starting with the digits, then the rest; each group keeps the catalogue order.
 */
export function searchPlans(plans: readonly Plan[], search: string): readonly Plan[] {
  const digits = searchDigits(search);
  if (!digits) return plans;
  const exact: Plan[] = [];
  const prefix: Plan[] = [];
  const contains: Plan[] = [];
  for (const plan of plans) {
    const price = String(plan.amountInRupees);
    if (price === digits) exact.push(plan);
    else if (price.startsWith(digits)) prefix.push(plan);
    else if (price.includes(digits)) contains.push(plan);
  }
  return [...exact, ...prefix, ...contains];
}

/**
 * The plan a typed amount selects: the current one while its price still matches (a person may have
 * picked one of several plans at that price), else the first plan at exactly that price, else none.
 */
export function planForAmount(plans: readonly Plan[], search: string, current: Plan | null): Plan | null {
  if (current && isPlanAmount(current, search)) return current;
  return plans.find((plan) => isPlanAmount(plan, search)) ?? null;
}

/** A tag's value by name, ignoring case ('Data', 'Validity', ...). */
export function tagValue(plan: Plan, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return plan.planAdditionalInfo.tag.find((tag) => tag.paramName.toLowerCase() === wanted)?.paramValue;
}

/** The Validity column counts days: '28 days' shows as 28; anything else ('Existing plan') as written. */
export function validityDays(plan: Plan): string {
  const validity = tagValue(plan, 'Validity')?.trim();
  if (!validity) return '—';
  return /^(\d+)\s*days?$/i.exec(validity)?.[1] ?? validity;
}

/** The bill-entry variant's Tags cell: 'name: value' pairs without the package name, or `none` ('N/A'). */
export function planTagsText(plan: Plan, none = 'N/A'): string {
  const shown = plan.planAdditionalInfo.tag.filter(
    (tag) => tag.paramName.trim().toLowerCase() !== HIDDEN_TAG && tag.paramValue.trim() !== '',
  );
  return shown.length ? shown.map((tag) => `${tag.paramName}: ${tag.paramValue}`).join(', ') : none;
}

export const isLongDescription = (text: string) => text.length > PLAN_DESCRIPTION_CUT;

/** A description over 100 characters shows its first 100 and an ellipsis until expanded. */
export const cutDescription = (text: string) =>
  isLongDescription(text) ? `${text.slice(0, PLAN_DESCRIPTION_CUT).trimEnd()}…` : text;

/** The 2-line clamp offers 'View More' above 20 words. */
export const needsViewMore = (text: string) =>
  text.trim().split(/\s+/).filter(Boolean).length > PLAN_DESCRIPTION_VIEW_MORE_WORDS;
