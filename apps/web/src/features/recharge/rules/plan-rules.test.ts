import { describe, expect, it } from 'vitest';
import { longDescription, makePlan, mumbaiPlans } from '../testing/fixtures.ts';
import {
  ALL_PLANS_TAB,
  cutDescription,
  needsViewMore,
  planForAmount,
  planPaise,
  plansInTab,
  planTabs,
  planTagsText,
  searchPlans,
  validityDays,
} from './plan-rules.ts';

const ids = (plans: readonly { Id: string }[]) => plans.map((plan) => plan.Id);

describe('plan tabs', () => {
  it('offers All and then each category type once, in the order plans first show it', () => {
    expect(planTabs(mumbaiPlans)).toEqual(['All', 'Unlimited', 'Data', 'Annual']);
  });

  it('filters by category type, and All shows everything', () => {
    expect(ids(plansInTab(mumbaiPlans, 'Data'))).toEqual(['JIO-MUM-0029-01', 'JIO-MUM-0299-02']);
    expect(plansInTab(mumbaiPlans, ALL_PLANS_TAB)).toHaveLength(mumbaiPlans.length);
  });
});

describe('amount search', () => {
  it('shows only plans whose price contains the digits: exact price, then prefixes, then the rest', () => {
    expect(ids(searchPlans(mumbaiPlans, '29'))).toEqual([
      'JIO-MUM-0029-01',
      'JIO-MUM-0299-01',
      'JIO-MUM-2999-01',
      'JIO-MUM-0299-02',
    ]);
    expect(ids(searchPlans(mumbaiPlans, '99'))).toEqual([
      'JIO-MUM-0199-01',
      'JIO-MUM-0299-01',
      'JIO-MUM-2999-01',
      'JIO-MUM-0299-02',
    ]);
  });

  it('puts prices starting with the digits before those that only contain them', () => {
    const plans = [makePlan({ Id: 'A', amountInRupees: 1199 }), makePlan({ Id: 'B', amountInRupees: 199 })];
    expect(ids(searchPlans(plans, '19'))).toEqual(['B', 'A']);
  });

  it('shows everything for an empty search and nothing when no price matches', () => {
    expect(searchPlans(mumbaiPlans, '')).toHaveLength(mumbaiPlans.length);
    expect(searchPlans(mumbaiPlans, '777')).toEqual([]);
  });
});

describe('auto-selection by amount', () => {
  const [p199, p299, , , p299data] = mumbaiPlans;

  it('selects the first plan at exactly the typed price', () => {
    expect(planForAmount(mumbaiPlans, '299', null)).toBe(p299);
    expect(planForAmount(mumbaiPlans, '199.00', null)).toBe(p199);
    expect(planForAmount(mumbaiPlans, '₹ 299', null)).toBe(p299);
  });

  it('keeps a chosen plan while its price still matches, even when another plan has that price', () => {
    expect(planForAmount(mumbaiPlans, '299', p299data ?? null)).toBe(p299data);
  });

  it('moves to the plan at a new exact price, and clears when nothing matches exactly', () => {
    expect(planForAmount(mumbaiPlans, '29', p299 ?? null)).toBe(mumbaiPlans[2]);
    expect(planForAmount(mumbaiPlans, '300', p299 ?? null)).toBeNull();
    expect(planForAmount(mumbaiPlans, '', p299 ?? null)).toBeNull();
  });

  it('reads plan prices with the one rupee parser: a price with a fraction of a paisa matches nothing', () => {
    const odd = makePlan({ Id: 'ODD-1', amountInRupees: 19.999 });
    expect(planPaise(odd)).toBeUndefined();
    expect(planForAmount([odd], '20', null)).toBeNull();
    expect(planPaise(makePlan({ Id: 'TEN', amountInRupees: 10.1 }))).toBe(1010);
  });
});

describe('descriptions', () => {
  it('cuts a description over 100 characters with an ellipsis and leaves shorter ones alone', () => {
    const cut = cutDescription(longDescription);
    expect(longDescription.length).toBeGreaterThan(100);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(101);
    expect(longDescription.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cutDescription('Short one')).toBe('Short one');
  });

  it('offers View More above 20 words only', () => {
    const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');
    expect(needsViewMore(words(20))).toBe(false);
    expect(needsViewMore(words(21))).toBe(true);
  });
});

describe('tags and validity', () => {
  it("shows tags as 'name: value' without the package name, or N/A", () => {
    const dth = makePlan({
      Id: 'TATA-0350',
      amountInRupees: 350,
      planAdditionalInfo: {
        tag: [
          { paramName: 'Package Name', paramValue: 'Hindi Smart' },
          { paramName: 'Channels', paramValue: '230' },
          { paramName: 'Validity', paramValue: '30 days' },
        ],
      },
    });
    expect(planTagsText(dth)).toBe('Channels: 230, Validity: 30 days');
    const bare = makePlan({
      Id: 'X',
      amountInRupees: 10,
      planAdditionalInfo: { tag: [{ paramName: 'Package Name', paramValue: 'Only a name' }] },
    });
    expect(planTagsText(bare)).toBe('N/A');
  });

  it('counts validity in days when the tag says so', () => {
    expect(validityDays(makePlan({ Id: 'A', amountInRupees: 1 }))).toBe('28');
    const existing = makePlan({
      Id: 'B',
      amountInRupees: 1,
      planAdditionalInfo: { tag: [{ paramName: 'Validity', paramValue: 'Existing plan' }] },
    });
    expect(validityDays(existing)).toBe('Existing plan');
  });
});
