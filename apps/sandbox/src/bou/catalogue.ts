import type { BbpsBiller, BbpsParamInfo, Requirement } from '@erti/protocols';
import {
  type CategoryProfile,
  categoryProfiles,
  flatFee,
  type PaymentModel,
  param,
  seedCategoryKey,
  zeroFee,
} from './categories.ts';
import { billerShortNames, type SeedBiller, type SeedParam, seedBillers } from './data.ts';
import { coverageLocations, locationById, locationInText } from './locations.ts';
import { generatedNamePrefixes, instituteName } from './names.ts';
import { type Random, seededRandom } from './random.ts';

/**
 * The biller master data of the simulated network: every category of the service catalogue, with
 * the real biller names of the seed data, built deterministically at start-up (same ids, flags and
 * parameters on every start), plus any number of generated billers in scale mode.
 */

export type MobileOperator = 'Airtel' | 'Jio' | 'Vi' | 'BSNL' | 'MTNL Delhi' | 'MTNL Mumbai';

/** Whose plans a plan biller sells. */
export type PlanSource = { kind: 'mobile'; operator: MobileOperator } | { kind: 'dth'; operator: string };

export interface CatalogueEntry {
  biller: BbpsBiller;
  profile: CategoryProfile;
  model: PaymentModel;
  plans?: PlanSource;
}

export interface Catalogue {
  entries: CatalogueEntry[];
  /** When the master data was built: every biller's last update, for `updatedSince`. */
  builtAt: Date;
  byId(billerId: string): CatalogueEntry | undefined;
  inCategory(category: string): CatalogueEntry[];
  /** The biller the logo store serves `/logos/{category}/{name}.{ext}` for. */
  byCategoryAndName(category: string, name: string): CatalogueEntry | undefined;
}

const logoExtensions = ['png', 'jpg', 'webp', 'jpeg'] as const;
const paymentModes = ['Internet Banking', 'Debit Card', 'Credit Card', 'UPI', 'Wallet', 'Prepaid Card'];

/** Brand names customers know, where the seed data has an older or longer name. */
const renamed: Record<string, { name: string; alias: string }> = {
  'Reliance Jio': { name: 'Jio', alias: 'Reliance Jio' },
  'Vi (Vodafone Idea)': { name: 'Vi', alias: 'Vodafone Idea' },
  'Tata Sky': { name: 'Tata Play', alias: 'Tata Sky' },
  'Airtel DTH': { name: 'Airtel Digital TV', alias: 'Airtel DTH' },
  'Sun Direct TV': { name: 'Sun Direct', alias: 'Sun Direct TV' },
  'Videocon D2H': { name: 'd2h', alias: 'Videocon d2h' },
  'Adani Gas - Gujarat': { name: 'Adani Total Gas - Gujarat', alias: 'Adani Total Gas' },
  'Adani Gas - Haryana': { name: 'Adani Total Gas - Haryana', alias: 'Adani Total Gas' },
};

/** Operators whose recharge must be validated first; the others validate optionally. */
const mandatoryValidation = new Set(['Airtel', 'Jio', 'Tata Play', 'Airtel Digital TV', 'Dish TV']);

/** Special fees on one biller, so the catalogue has a flat-fee example. */
const feeByName: Record<string, BbpsBiller['interchangeFee']> = { 'Urban Nest Rentals': flatFee(500) };

/** Districts with schools and colleges on the network (education billers cover one area each). */
const educationAreas: Record<string, string[]> = {
  MAH: ['Mumbai', 'Pune', 'Nagpur', 'Thane'],
  TND: ['Chennai', 'Coimbatore', 'Madurai', 'Salem'],
  KAR: ['Bengaluru (Bangalore) Urban', 'Mysuru (Mysore)', 'Dakshina Kannada'],
  DEL: ['New Delhi', 'South Delhi'],
  TEL: ['Hyderabad', 'Warangal (Urban)'],
  WBL: ['Kolkata', 'Howrah'],
  GUJ: ['Ahmedabad', 'Surat', 'Vadodara'],
  UTP: ['Lucknow', 'Varanasi', 'Kanpur Nagar'],
  KER: ['Ernakulam', 'Thiruvananthapuram'],
  RAJ: ['Jaipur', 'Jodhpur'],
  MAN: ['Imphal West'],
  TRI: ['West Tripura'],
};

/** Makes unique 14-character BBPS-style ids: 4 name letters, 5 digits, 3-letter location, 2 digits. */
class BillerIds {
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();

  reserve(id: string): void {
    this.used.add(id);
  }

  make(name: string, location: string): string {
    const letters = name
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 4)
      .padEnd(4, '0');
    const key = letters + location;
    let count = this.counters.get(key) ?? 0;
    let id: string;
    do {
      id = `${letters}${String(Math.floor(count / 99)).padStart(5, '0')}${location}${String((count % 99) + 1).padStart(2, '0')}`;
      count += 1;
    } while (this.used.has(id));
    this.counters.set(key, count);
    this.used.add(id);
    return id;
  }
}

/** Drops notes the research snapshot left inside names ("(sample biller id in ...)"). */
function cleanName(name: string): string {
  return name.replace(/\s*\([^)]*sample[^)]*\)/i, '').trim();
}

function aliasOf(name: string, seed?: SeedBiller): string {
  const abbreviation = /\(([A-Z][A-Za-z]{1,9})\)/.exec(name)?.[1];
  return abbreviation ?? seed?.aliases?.[0] ?? name.split(/\s+/).slice(0, 2).join(' ');
}

/**
 * `billerAliasName` as the network sends it: the biller's alias, then the short names people know it
 * by (data/biller-aliases.json), each once, separated by commas.
 */
function aliasNameOf(alias: string, name: string): string {
  return [...new Set([alias, ...(billerShortNames[name] ?? [])])].join(', ');
}

function coverageOf(seed: SeedBiller | undefined): string {
  const text = seed?.coverage ?? '';
  if (/^all india/i.test(text)) return 'IND';
  const state = text ? locationInText(text) : undefined;
  if (state) return `IND-${state.id}`;
  const fromId = seed?.biller_id ? locationById(seed.biller_id.slice(9, 12)) : undefined;
  return fromId ? `IND-${fromId.id}` : 'IND';
}

function idLocation(coverage: string): string {
  return coverage.split('-')[1] ?? 'NAT';
}

/** The seed's own parameters when it has real ones (with lengths), else the category's usual ones. */
function paramsFor(profile: CategoryProfile, random: Random, seed?: SeedBiller): BbpsParamInfo[] {
  const seedParams = seed?.customer_params?.filter((p) => p.min_length !== undefined) ?? [];
  if (seedParams.length > 0 && profile.model !== 'plan') return seedParams.map(seedParam);
  return random.pick(profile.params);
}

function seedParam(seed: SeedParam): BbpsParamInfo {
  const min = seed.min_length ?? 1;
  const max = seed.max_length ?? min;
  const dataType = seed.data_type ?? 'ALPHANUMERIC';
  const characters = dataType === 'NUMERIC' ? '0-9' : dataType === 'ALPHABETIC' ? 'A-Za-z ' : 'A-Za-z0-9 /-';
  const lengths = min === max ? `{${min}}` : `{${min},${max}}`;
  return param(
    seed.name,
    dataType,
    min,
    max,
    seed.regex ?? `^[${characters}]${lengths}$`,
    seed.optional === true,
  );
}

/** Which of fetch and validation a biller supports, from the seed's hints and the category's habits. */
function modelFor(profile: CategoryProfile, random: Random, seed?: SeedBiller): PaymentModel {
  if (profile.model === 'plan' || profile.model === 'direct') return profile.model;
  if (seed?.bill_fetch_requirement === 'NOT_SUPPORTED' || seed?.bill_fetch_supported === false)
    return 'validate';
  if (seed?.bill_fetch_requirement || seed?.bill_fetch_supported) return 'fetch';
  return random.chance(profile.validateShare ?? 0) ? 'validate' : profile.model;
}

interface Flags {
  fetch: Requirement;
  validation: Requirement;
  plan: Requirement;
}

function flagsFor(
  model: PaymentModel,
  name: string,
  profile: CategoryProfile,
  random: Random,
  seed?: SeedBiller,
): Flags {
  const validation = (fallback: Requirement): Requirement =>
    seed?.bill_validation ?? (mandatoryValidation.has(name) ? 'MANDATORY' : fallback);
  switch (model) {
    case 'fetch': {
      const optional = !seed?.bill_fetch_requirement && random.chance(profile.optionalFetchShare ?? 0);
      if (!optional) return { fetch: 'MANDATORY', validation: 'NOT_SUPPORTED', plan: 'NOT_SUPPORTED' };
      return {
        fetch: 'OPTIONAL',
        validation: random.chance(0.5) ? 'OPTIONAL' : 'NOT_SUPPORTED',
        plan: 'NOT_SUPPORTED',
      };
    }
    case 'validate':
      return {
        fetch: 'NOT_SUPPORTED',
        validation: validation(random.chance(0.6) ? 'MANDATORY' : 'OPTIONAL'),
        plan: 'NOT_SUPPORTED',
      };
    case 'plan':
      return { fetch: 'NOT_SUPPORTED', validation: validation('OPTIONAL'), plan: 'MANDATORY' };
    case 'direct':
      return { fetch: 'NOT_SUPPORTED', validation: 'NOT_SUPPORTED', plan: 'NOT_SUPPORTED' };
  }
}

const descriptions: Record<PaymentModel, (title: string) => string> = {
  fetch: (title) => `Fetch your latest ${title} bill and pay it on Bharat Connect.`,
  validate: (title) => `Check your ${title} details and pay the amount you choose.`,
  plan: () => 'Recharge with any plan of your operator.',
  direct: () => 'Pay any amount directly; no bill is needed.',
};

interface BillerInput {
  name: string;
  profile: CategoryProfile;
  coverage: string;
  seed?: SeedBiller;
  alias?: string;
  plans?: PlanSource;
}

function makeEntry(input: BillerInput, ids: BillerIds): CatalogueEntry {
  const { name, profile, coverage, seed } = input;
  const random = seededRandom(`biller|${profile.title}|${name}`);
  const model = modelFor(profile, random, seed);
  const flags = flagsFor(model, name, profile, random, seed);
  const exactness =
    model === 'fetch'
      ? ((seed?.amount_exactness as BbpsBiller['billerPaymentExactness'] | undefined) ??
        random.pick(profile.exactness))
      : (profile.exactness[0] ?? '');
  const maxAmount = String(profile.maxPaymentRupees * 100);
  const modes = profile.noCreditCard ? paymentModes.filter((mode) => mode !== 'Credit Card') : paymentModes;
  const biller: BbpsBiller = {
    billerId: seed?.biller_id ?? ids.make(name, idLocation(coverage)),
    billerName: name,
    billerAliasName: aliasNameOf(input.alias ?? aliasOf(name, seed), name),
    billerCategory: profile.title,
    billerAdhoc: model === 'direct' || model === 'validate' || seed?.adhoc ? 'true' : 'false',
    billerCoverage: coverage,
    billerFetchRequiremet: flags.fetch,
    billerSupportBillValidation: flags.validation,
    planMdmRequirement: flags.plan,
    billerPaymentExactness: exactness,
    billerStatus: 'ACTIVE',
    billerInputParams: { paramInfo: paramsFor(profile, random, seed) },
    billerPaymentModes: {
      paymentModeInfo: modes.map((paymentMode) => ({ paymentMode, minAmount: '100', maxAmount })),
    },
    billerPaymentChannels: {
      paymentChannelInfo: ['INT', 'MOB'].map((paymentChannelName) => ({
        paymentChannelName,
        minAmount: '100',
        maxAmount,
      })),
    },
    interchangeFee: feeByName[name] ?? profile.fee ?? zeroFee,
    billerLogo: random.chance(0.7) ? random.pick(logoExtensions) : '',
    billerDescription: descriptions[model](profile.title),
  };
  return { biller, profile, model, plans: input.plans };
}

/** The seed billers of a category with clean, unique names. */
function seedInputs(profile: CategoryProfile): BillerInput[] {
  const seen = new Set<string>();
  const inputs: BillerInput[] = [];
  for (const seed of seedBillers[seedCategoryKey[profile.title] ?? profile.title] ?? []) {
    const original = cleanName(seed.name);
    const brand = renamed[original];
    const name = brand?.name ?? original;
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    inputs.push({
      name,
      profile,
      seed,
      alias: brand?.alias,
      coverage: coverageOf(seed),
      plans: planSourceOf(profile, name),
    });
  }
  for (const name of profile.extraNames ?? []) inputs.push({ name, profile, coverage: 'IND' });
  return inputs;
}

function planSourceOf(profile: CategoryProfile, name: string): PlanSource | undefined {
  if (profile.title === 'Mobile Prepaid') return { kind: 'mobile', operator: name as MobileOperator };
  if (profile.title === 'DTH') return { kind: 'dth', operator: name };
  return undefined;
}

/** Two to four schools and colleges in each education area. */
function educationInputs(profile: CategoryProfile): BillerInput[] {
  const inputs: BillerInput[] = [];
  const names = new Set<string>();
  for (const [stateId, areas] of Object.entries(educationAreas)) {
    for (const area of areas) {
      const random = seededRandom(`education|${stateId}|${area}`);
      let count = random.int(2, 4);
      while (count > 0) {
        const name = instituteName(random, area.replace(/\s*\(.*\)/, ''));
        if (names.has(name)) continue;
        names.add(name);
        inputs.push({ name, profile, coverage: `IND-${stateId}-${area}` });
        count -= 1;
      }
    }
  }
  return inputs;
}

const statesWithAreas = coverageLocations.filter((location) => location.areas.length > 0);

/** Scale mode: small local billers spread over the categories that have many of them in real life. */
function scaleInputs(count: number): BillerInput[] {
  const profiles = categoryProfiles.filter((profile) => profile.scaleNouns);
  const inputs: BillerInput[] = [];
  for (let index = 0; index < count; index += 1) {
    const profile = profiles[index % profiles.length]!;
    const random = seededRandom(`scale|${index}`);
    const name = `${random.pick(generatedNamePrefixes)} ${random.pick(profile.scaleNouns!)} ${String(index + 1).padStart(4, '0')}`;
    const state = random.pick(statesWithAreas);
    const coverage =
      profile.title === 'Education Fees'
        ? `IND-${state.id}-${random.pick(state.areas)}`
        : random.chance(0.3)
          ? 'IND'
          : `IND-${state.id}`;
    inputs.push({ name, profile, coverage });
  }
  return inputs;
}

export function buildCatalogue(extraBillers: number): Catalogue {
  const ids = new BillerIds();
  for (const seeds of Object.values(seedBillers)) {
    for (const seed of seeds) if (seed.biller_id) ids.reserve(seed.biller_id);
  }
  const byName = (a: BillerInput, b: BillerInput) => a.name.localeCompare(b.name);
  const inputs = categoryProfiles.flatMap((profile) =>
    (profile.title === 'Education Fees' ? educationInputs(profile) : seedInputs(profile)).sort(byName),
  );
  const entries = [...inputs, ...scaleInputs(extraBillers)].map((input) => makeEntry(input, ids));

  const byId = new Map(entries.map((entry) => [entry.biller.billerId, entry]));
  const byCategory = new Map<string, CatalogueEntry[]>();
  const byLogo = new Map<string, CatalogueEntry>();
  for (const entry of entries) {
    const list = byCategory.get(entry.biller.billerCategory) ?? [];
    list.push(entry);
    byCategory.set(entry.biller.billerCategory, list);
    byLogo.set(`${entry.biller.billerCategory}\n${entry.biller.billerName}`, entry);
  }
  return {
    entries,
    builtAt: new Date(),
    byId: (billerId) => byId.get(billerId),
    inCategory: (category) => byCategory.get(category) ?? [],
    byCategoryAndName: (category, name) => byLogo.get(`${category}\n${name}`),
  };
}

const built = new Map<number, Catalogue>();

/** The catalogue for a number of extra billers, built once per process (it is deterministic and read-only). */
export function catalogueFor(extraBillers: number): Catalogue {
  let catalogue = built.get(extraBillers);
  if (!catalogue) {
    catalogue = buildCatalogue(extraBillers);
    built.set(extraBillers, catalogue);
  }
  return catalogue;
}
