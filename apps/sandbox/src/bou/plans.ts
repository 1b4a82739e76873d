import type { BbpsPlan } from '@erti/protocols';
import type { CatalogueEntry, MobileOperator, PlanSource } from './catalogue.ts';
import { operatorCircles, type TelecomCircle } from './circles.ts';
import { type SeedPlan, seedPlans } from './data.ts';
import { type Random, seededRandom } from './random.ts';

/**
 * Plan master data: prepaid mobile plans per operator and circle, and DTH packs. Each operator's
 * list starts from the real tariffs of the seed data and is filled out with generated plans in the
 * same style (hundreds per operator); circles price a few plans differently. Deterministic.
 */

interface PlanDraft {
  categoryType: string;
  rupees: number;
  description: string;
  tags: Record<string, string>;
  inactive?: boolean;
}

const effectiveFrom = '2024-07-03';
const effectiveTo = '2099-12-31';

/** Rounds to a price ending in 9, the way operators price plans. */
const priceEnding9 = (rupees: number) => Math.max(19, Math.round(rupees / 10) * 10 - 1);

const validityTag = (days: number | null) => (days ? `${days} days` : 'Existing plan');

function unlimitedDescription(dataPerDay: string, days: number, extra?: string): string {
  const base = `Unlimited calls, ${dataPerDay} data, 100 SMS/day, ${days} days validity`;
  if (!extra) return base;
  return `Truly unlimited local, STD and national roaming calls on any network, ${dataPerDay} of high-speed data followed by unlimited data at 64 Kbps, 100 SMS per day and ${extra}, all valid for ${days} days.`;
}

const streamingExtras = [
  'a free mobile subscription to a popular streaming service',
  'free caller tunes with a music streaming membership',
  'a 3-month premium video subscription at no extra cost',
];

function unlimitedPlans(random: Random): PlanDraft[] {
  const drafts: PlanDraft[] = [];
  for (const days of [14, 18, 20, 22, 24, 28, 30, 56, 70, 84, 90]) {
    for (const gb of [1, 1.5, 2, 2.5, 3]) {
      if (!random.chance(0.85)) continue;
      const longValidityDiscount = days > 28 ? 1 - 0.1 * Math.log2(days / 28) : 1;
      const rupees = priceEnding9((7 + 3.5 * gb) * days * longValidityDiscount);
      const extra = random.chance(0.15) ? random.pick(streamingExtras) : undefined;
      drafts.push({
        categoryType: 'Unlimited',
        rupees: rupees + (extra ? 50 : 0),
        description: unlimitedDescription(`${gb} GB/day`, days, extra),
        tags: { Data: `${gb} GB/day`, Validity: validityTag(days), Talktime: 'Unlimited', SMS: '100/day' },
      });
    }
  }
  return drafts;
}

function dataPlans(random: Random): PlanDraft[] {
  const drafts: PlanDraft[] = [];
  for (const gb of [1, 1.5, 2, 3, 5, 6, 10, 12, 15, 20, 25, 30, 40, 50, 100]) {
    for (const days of [1, 2, 3, 7, null, 28, 30]) {
      if (!random.chance(0.6)) continue;
      const validityFactor = days === null ? 1 : days >= 28 ? 1.3 : 0.9;
      const rupees = Math.min(301, priceEnding9(11 + gb * 6 * validityFactor));
      drafts.push({
        categoryType: 'Data',
        rupees,
        description: `${gb} GB high-speed data, ${days ? `valid for ${days} days` : 'valid till your current plan'}`,
        tags: { Data: `${gb} GB`, Validity: validityTag(days), Talktime: 'NA', SMS: 'NA' },
      });
    }
  }
  return drafts;
}

function talktimePlans(): PlanDraft[] {
  return [10, 20, 30, 50, 100, 110, 150, 200, 300, 500, 1000, 2000, 3000].map((rupees) => {
    const talktime = rupees >= 500 ? rupees : Math.round(rupees * 0.8175 * 100) / 100;
    return {
      categoryType: 'Talktime',
      rupees,
      description: `Talktime of Rs ${talktime.toFixed(2)}, no change in validity`,
      tags: { Data: 'NA', Validity: 'Existing plan', Talktime: `Rs ${talktime.toFixed(2)}`, SMS: 'NA' },
    };
  });
}

function topUpPlans(): PlanDraft[] {
  return [
    [19, 1],
    [29, 2],
    [49, 7],
    [79, 14],
    [99, 28],
    [119, 28],
    [155, 24],
    [179, 28],
    [199, 30],
  ].map(([rupees, days]) => ({
    categoryType: 'Top-up',
    rupees: rupees!,
    description: `Validity extension of ${days} days with Rs ${Math.round(rupees! * 0.6)} talktime and 200 MB data`,
    tags: {
      Data: '200 MB',
      Validity: validityTag(days!),
      Talktime: `Rs ${Math.round(rupees! * 0.6)}`,
      SMS: '300 total',
    },
  }));
}

function annualPlans(random: Random): PlanDraft[] {
  return [
    ['24 GB total', 1899],
    ['1.5 GB/day', 3399],
    ['2 GB/day', 3599],
    ['2.5 GB/day', 3799],
    ['3 GB/day', 3999],
  ].map(([data, rupees]) => ({
    categoryType: 'Annual',
    rupees: (rupees as number) + random.int(0, 1) * 100 - 100,
    description: unlimitedDescription(data as string, 365, random.pick(streamingExtras)),
    tags: { Data: data as string, Validity: '365 days', Talktime: 'Unlimited', SMS: '100/day' },
  }));
}

function roamingPlans(): PlanDraft[] {
  const packs: [string, number, number][] = [
    ['All countries (1 day)', 1, 649],
    ['All countries (7 days)', 7, 1999],
    ['All countries (30 days)', 30, 3999],
    ['USA, UK and Europe (10 days)', 10, 2999],
    ['UAE and Saudi Arabia (7 days)', 7, 1499],
    ['UAE and Saudi Arabia (30 days)', 30, 2999],
    ['Singapore, Thailand and Malaysia (10 days)', 10, 1799],
    ['Hajj and Umrah (40 days)', 40, 2999],
    ['Inflight pack (1 day)', 1, 195],
    ['Bangladesh, Nepal and Sri Lanka (7 days)', 7, 899],
  ];
  return packs.map(([region, days, rupees]) => ({
    categoryType: 'International Roaming',
    rupees,
    description: `International roaming: ${region}; incoming calls free, 100 minutes of outgoing calls and 5 GB data`,
    tags: { Data: '5 GB', Validity: validityTag(days), Talktime: '100 minutes', SMS: '20' },
  }));
}

/** The real tariffs of the seed data; superseded ones stay listed as INACTIVE. */
function seedDrafts(plans: SeedPlan[]): PlanDraft[] {
  return plans.map((plan) => {
    const category = /annual/i.test(plan.category)
      ? 'Annual'
      : /data/i.test(plan.category)
        ? 'Data'
        : /unlimited/i.test(plan.category)
          ? 'Unlimited'
          : plan.price_inr < 100
            ? 'Top-up'
            : 'Talktime';
    const sms = plan.sms === '-' ? 'NA' : plan.sms;
    return {
      categoryType: category,
      rupees: plan.price_inr,
      description: [
        `Calls: ${plan.calls}`,
        `Data: ${plan.data}`,
        `SMS: ${sms}`,
        validityTag(plan.validity_days),
      ].join(', '),
      tags: { Data: plan.data, Validity: validityTag(plan.validity_days), Talktime: plan.calls, SMS: sms },
      inactive: plan.status !== undefined,
    };
  });
}

const operatorCodes: Record<MobileOperator, [seedKey: string | undefined, idCode: string]> = {
  Airtel: ['Airtel', 'AIRT'],
  Jio: ['Jio', 'RJIO'],
  Vi: ['Vi', 'VODA'],
  BSNL: ['BSNL', 'BSNL'],
  'MTNL Delhi': ['BSNL', 'MTNL'],
  'MTNL Mumbai': ['BSNL', 'MTNL'],
};

function mobileDrafts(operator: MobileOperator): PlanDraft[] {
  const random = seededRandom(`plans|${operator}`);
  const seedKey = operatorCodes[operator][0];
  return [
    ...seedDrafts(seedKey ? (seedPlans[seedKey] ?? []) : []),
    ...unlimitedPlans(random),
    ...dataPlans(random),
    ...talktimePlans(),
    ...topUpPlans(),
    ...annualPlans(random),
    ...roamingPlans(),
  ];
}

/** Circles price a few plans differently and leave a few out. */
function inCircle(draft: PlanDraft, circle: TelecomCircle, index: number): PlanDraft | undefined {
  const random = seededRandom(`circle|${circle.code}|${index}`);
  if (random.chance(0.04)) return undefined;
  if (draft.categoryType === 'Unlimited' && random.chance(0.08))
    return { ...draft, rupees: draft.rupees + random.pick([-10, 10, 20]) };
  return draft;
}

function toPlan(draft: PlanDraft, billerId: string, id: string, circle: string): BbpsPlan {
  return {
    Id: id,
    billerId,
    circle,
    categoryType: draft.categoryType,
    amountInRupees: draft.rupees,
    planDescription: draft.description,
    planAdditionalInfo: {
      tag: Object.entries(draft.tags).map(([paramName, paramValue]) => ({ paramName, paramValue })),
    },
    effectiveFrom,
    effectiveTo: draft.inactive ? effectiveFrom : effectiveTo,
    status: draft.inactive ? 'INACTIVE' : 'ACTIVE',
  };
}

/** Numbers plans `CODE-CIRCLE-PRICE-NN`, counting plans of the same price in one circle. */
function numberPlans(
  drafts: PlanDraft[],
  billerId: string,
  code: string,
  circle: TelecomCircle | undefined,
): BbpsPlan[] {
  const seen = new Map<number, number>();
  return drafts.map((draft) => {
    const ordinal = (seen.get(draft.rupees) ?? 0) + 1;
    seen.set(draft.rupees, ordinal);
    const id = `${code}-${circle?.planCode ?? 'IND'}-${String(draft.rupees).padStart(4, '0')}-${String(ordinal).padStart(2, '0')}`;
    return toPlan(draft, billerId, id, circle?.name ?? '');
  });
}

const languages = [
  'Hindi',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Marathi',
  'Bengali',
  'Gujarati',
  'Punjabi',
  'Odia',
  'English',
];
const southLanguages = new Set(['Tamil', 'Telugu', 'Kannada', 'Malayalam', 'English']);
const tiers: [name: string, monthlyRupees: number, channels: number][] = [
  ['Basic', 180, 120],
  ['Value', 249, 170],
  ['Smart', 299, 210],
  ['Premium', 399, 260],
  ['HD Super', 519, 300],
  ['Sports', 459, 240],
];
const durations: [categoryType: string, months: number, factor: number][] = [
  ['Monthly', 1, 1],
  ['Quarterly', 3, 2.85],
  ['Half Yearly', 6, 5.5],
  ['Annual', 12, 10.5],
];
const addOns: [name: string, rupees: number, channels: number][] = [
  ['Kids Add-on', 39, 12],
  ['Sports Add-on', 99, 18],
  ['Music Add-on', 19, 10],
  ['News Add-on', 29, 25],
  ['Devotional Add-on', 15, 14],
];

function dthDrafts(operator: string): PlanDraft[] {
  const random = seededRandom(`dth|${operator}`);
  const drafts: PlanDraft[] = [];
  for (const language of languages) {
    if (operator === 'Sun Direct' && !southLanguages.has(language)) continue;
    for (const [tier, monthly, channels] of tiers) {
      if (!random.chance(0.7)) continue;
      const packName = `${language} ${tier}`;
      const hd = tier === 'HD Super' ? Math.round(channels / 5) : random.int(0, 12);
      for (const [categoryType, months, factor] of durations) {
        const rupees = Math.min(3999, priceEnding9((monthly + random.int(-10, 10)) * factor));
        drafts.push({
          categoryType,
          rupees,
          description: `${packName} pack: ${channels} channels (${hd} HD) with network capacity fee included, ${months} month${months > 1 ? 's' : ''}`,
          tags: {
            'Package Name': packName,
            Channels: `${channels} (${hd} HD)`,
            Validity: `${months * 30} days`,
          },
        });
      }
    }
  }
  for (const [name, rupees, channels] of addOns) {
    drafts.push({
      categoryType: 'Add-on',
      rupees,
      description: `${name}: ${channels} extra channels on top of your pack for 30 days`,
      tags: { 'Package Name': name, Channels: String(channels), Validity: '30 days' },
    });
  }
  return drafts;
}

const dthCodes: Record<string, string> = {
  'Tata Play': 'TPLY',
  'Dish TV': 'DISH',
  'Airtel Digital TV': 'AIRD',
  'Sun Direct': 'SUND',
  d2h: 'DTOH',
};

function plansOf(billerId: string, source: PlanSource): BbpsPlan[] {
  if (source.kind === 'dth') {
    return numberPlans(dthDrafts(source.operator), billerId, dthCodes[source.operator] ?? 'DTHX', undefined);
  }
  const drafts = mobileDrafts(source.operator);
  const code = operatorCodes[source.operator][1];
  return operatorCircles(source.operator).flatMap((circle) => {
    const local = drafts
      .map((draft, index) => inCircle(draft, circle, index))
      .filter((draft) => draft !== undefined);
    return numberPlans(local, billerId, code, circle);
  });
}

/** Plans per biller, built on first use and kept (they never change while the sandbox runs). */
export class PlanBook {
  private readonly cache = new Map<string, BbpsPlan[]>();

  plansFor(entry: CatalogueEntry): BbpsPlan[] {
    if (!entry.plans || entry.biller.planMdmRequirement === 'NOT_SUPPORTED') return [];
    let plans = this.cache.get(entry.biller.billerId);
    if (!plans) {
      plans = plansOf(entry.biller.billerId, entry.plans);
      this.cache.set(entry.biller.billerId, plans);
    }
    return plans;
  }

  /** The circles an operator serves (empty for DTH, whose plans have no circle). */
  circlesFor(entry: CatalogueEntry): string[] {
    if (entry.plans?.kind !== 'mobile') return [];
    return operatorCircles(entry.plans.operator).map((circle) => circle.name);
  }

  find(entry: CatalogueEntry, planId: string): BbpsPlan | undefined {
    return this.plansFor(entry).find((plan) => plan.Id === planId);
  }
}
