import type { Biller, CoverageState, Plan } from '@erti/contracts';

/** A plan as the api serves it, with the fields a test cares about overridable. */
export function makePlan(overrides: Partial<Plan> & { Id: string; amountInRupees: number }): Plan {
  return {
    _id: `mdm_${overrides.Id}`,
    categoryType: 'Unlimited',
    planDescription: `Rs. ${overrides.amountInRupees} pack`,
    circle: 'Mumbai',
    planAdditionalInfo: {
      tag: [
        { paramName: 'Data', paramValue: '1.5 GB/day' },
        { paramName: 'Validity', paramValue: '28 days' },
      ],
    },
    ...overrides,
  };
}

export const longDescription =
  'Truly unlimited calls to any network, 2 GB of high speed data every day, 100 SMS a day, free access to the streaming apps of the operator for the whole validity';

export const mumbaiPlans: Plan[] = [
  makePlan({ Id: 'JIO-MUM-0199-01', amountInRupees: 199, categoryType: 'Unlimited' }),
  makePlan({
    Id: 'JIO-MUM-0299-01',
    amountInRupees: 299,
    categoryType: 'Unlimited',
    planDescription: longDescription,
  }),
  makePlan({ Id: 'JIO-MUM-0029-01', amountInRupees: 29, categoryType: 'Data' }),
  makePlan({ Id: 'JIO-MUM-2999-01', amountInRupees: 2999, categoryType: 'Annual' }),
  makePlan({
    Id: 'JIO-MUM-0299-02',
    amountInRupees: 299,
    categoryType: 'Data',
    planDescription: '299 data pack',
  }),
];

export function makeBiller(overrides: Partial<Biller> & { billerId: string; billerName: string }): Biller {
  return {
    billerCategoryName: 'Mobile Prepaid',
    customerParams: [
      { paramName: 'Mobile Number', optional: 'false', regex: '^[6-9][0-9]{9}$' },
      { paramName: 'Circle', optional: 'true', regex: '.*' },
      { paramName: 'Id', optional: 'true', regex: '.*' },
    ],
    planMdmRequirement: 'MANDATORY',
    fetchRequirement: 'NOT_SUPPORTED',
    supportBillValidation: 'MANDATORY',
    ...overrides,
  };
}

export const operators: Biller[] = [
  makeBiller({ billerId: 'AIRT00000NAT01', billerName: 'Airtel Prepaid' }),
  makeBiller({ billerId: 'BSNL00000NAT01', billerName: 'BSNL Prepaid' }),
  makeBiller({ billerId: 'JIO000000NAT01', billerName: 'Jio Prepaid' }),
  makeBiller({ billerId: 'VI0000000NAT01', billerName: 'Vi Prepaid' }),
];

export const coverage: CoverageState[] = [
  { id: 'MAH', name: 'Maharashtra', areas: ['Pune', 'Mumbai', 'mumbai ', 'Nagpur'] },
  { id: 'TND', name: 'Tamil Nadu', areas: ['Chennai', 'Madurai'] },
  { id: 'LAK', name: 'Lakshadweep', areas: [] },
];

const school = (billerId: string, billerName: string) =>
  makeBiller({
    billerId,
    billerName,
    billerCategoryName: 'Education Fees',
    planMdmRequirement: 'NOT_SUPPORTED',
  });

export const educationBillers: Record<string, Biller[]> = {
  'MAH:Pune': [school('FERG00000MAH01', 'Fergusson College'), school('SYMB00000MAH02', 'Symbiosis School')],
  'MAH:Mumbai': [school('STXA00000MAH03', "St. Xavier's College")],
  'TND:Chennai': [school('LOYO00000TND01', 'Loyola College')],
  'LAK:': [school('KAVA00000LAK01', 'Kavaratti Senior Secondary School')],
};

/** `GET /health` while the first sync with the bill network runs, and once it has finished. */
export const health = (synced: boolean) => ({
  status: 'ok',
  catalogue: synced
    ? { billers: 120, lastSyncAt: '2025-06-01T10:00:00.000Z', syncing: false }
    : { billers: 0, lastSyncAt: null, syncing: true },
});
