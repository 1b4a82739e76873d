import type { BbpsBiller, BbpsFeeSlab, BbpsParamInfo } from '@erti/protocols';

/**
 * How each BBPS category behaves on the network: its customer parameters, its payment model
 * (fetch, validate, plan or direct), amount rules, bill sizes and fees. The catalogue applies these
 * to the real biller names of the seed data; the bills simulator uses the amounts and periods.
 */

/** fetch: Fetch -> Pay; validate: Validate -> Pay; plan: Validate -> Pay with a plan; direct: pay any amount. */
export type PaymentModel = 'fetch' | 'validate' | 'plan' | 'direct';

type Exactness = BbpsBiller['billerPaymentExactness'];

export interface CategoryProfile {
  title: string;
  /** Alternative parameter sets; a biller gets one of them (chosen by its name). */
  params: BbpsParamInfo[][];
  /** The usual model, and the share of fetch billers whose fetch is only OPTIONAL. */
  model: PaymentModel;
  optionalFetchShare?: number;
  /** Share of billers that use Validate -> Pay instead of the usual fetch model. */
  validateShare?: number;
  exactness: Exactness[];
  /** Size of a typical bill, in rupees. */
  billRupees: [min: number, max: number];
  /** The largest payment accepted, in rupees. */
  maxPaymentRupees: number;
  billPeriods: string[];
  /** Words that close a generated biller name in scale mode ("... Power Distribution 0042"). */
  scaleNouns?: string[];
  /** Names for categories where no real biller names were found. */
  extraNames?: string[];
  /** Card issuers cannot be paid by credit card. */
  noCreditCard?: boolean;
  fee?: BbpsFeeSlab[];
}

/** A customer parameter; every scalar of the wire format is a string. */
export function param(
  paramName: string,
  dataType: BbpsParamInfo['dataType'],
  minLength: number,
  maxLength: number,
  regEx: string,
  optional = false,
): BbpsParamInfo {
  return {
    paramName,
    dataType,
    isOptional: optional ? 'true' : 'false',
    minLength: String(minLength),
    maxLength: String(maxLength),
    regEx,
  };
}

const digits = (name: string, min: number, max: number, optional = false) =>
  param(name, 'NUMERIC', min, max, min === max ? `^[0-9]{${min}}$` : `^[0-9]{${min},${max}}$`, optional);

const alphanumeric = (name: string, min: number, max: number, optional = false) =>
  param(name, 'ALPHANUMERIC', min, max, `^[A-Za-z0-9]{${min},${max}}$`, optional);

const mobileNumber = (name = 'Mobile Number', optional = false) =>
  param(name, 'NUMERIC', 10, 10, '^[6-9][0-9]{9}$', optional);

const vehicleNumber = param(
  'Vehicle Number',
  'ALPHANUMERIC',
  8,
  11,
  '^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$',
);

const maxInt = '2147483647';

/** A flat fee in paise on every amount. */
export function flatFee(paise: number): BbpsFeeSlab[] {
  return [
    {
      feeCode: 'CCF1',
      feeDirection: 'C2B',
      flatFee: String(paise),
      percentFee: '0.00',
      tranAmtRangeMin: '0',
      tranAmtRangeMax: maxInt,
    },
  ];
}

/** No fee: what most billers publish. */
export const zeroFee = flatFee(0);

/** 1% of the amount with a minimum of Rs 1: a flat Rs 1 slab below Rs 100, then 1%. */
const onePercentMinOneRupee: BbpsFeeSlab[] = [
  { ...zeroFee[0]!, flatFee: '100', tranAmtRangeMin: '0', tranAmtRangeMax: '9999' },
  { ...zeroFee[0]!, percentFee: '1.00', tranAmtRangeMin: '10000', tranAmtRangeMax: maxInt },
];

const monthly = ['MONTHLY'];

export const categoryProfiles: CategoryProfile[] = [
  {
    title: 'Mobile Prepaid',
    params: [[mobileNumber()]],
    model: 'plan',
    exactness: ['Exact'],
    billRupees: [10, 3999],
    maxPaymentRupees: 10_000,
    billPeriods: ['ONETIME'],
  },
  {
    title: 'DTH',
    params: [[param('Subscriber ID', 'NUMERIC', 10, 11, '^[0-9]{10,11}$')]],
    model: 'plan',
    exactness: ['Exact'],
    billRupees: [150, 3999],
    maxPaymentRupees: 25_000,
    billPeriods: ['ONETIME'],
  },
  {
    title: 'Cable TV',
    params: [
      [alphanumeric('Subscriber ID', 6, 15)],
      [alphanumeric('Customer ID', 6, 15)],
      [digits('STB Number', 8, 16)],
    ],
    model: 'fetch',
    validateShare: 0.3,
    exactness: ['Exact', 'Exact and above'],
    billRupees: [200, 750],
    maxPaymentRupees: 25_000,
    billPeriods: monthly,
    scaleNouns: ['Cable Network', 'Digital Cable', 'Cable Vision'],
  },
  {
    title: 'Fastag',
    params: [[vehicleNumber], [vehicleNumber, mobileNumber('Registered Mobile Number', true)]],
    model: 'validate',
    exactness: [''],
    billRupees: [100, 10_000],
    maxPaymentRupees: 100_000,
    billPeriods: ['ONETIME'],
    scaleNouns: ['Co-operative Bank FASTag'],
  },
  {
    title: 'Electricity',
    params: [
      [digits('Consumer Number', 10, 12)],
      [digits('Consumer Number', 10, 12)],
      [digits('Service Number', 10, 12)],
    ],
    model: 'fetch',
    optionalFetchShare: 0.15,
    exactness: ['Exact and above', 'Exact and above', 'Exact'],
    billRupees: [250, 8_000],
    maxPaymentRupees: 200_000,
    billPeriods: ['MONTHLY', 'BIMONTHLY'],
    scaleNouns: ['Power Distribution', 'Vidyut Vitran', 'Electric Supply Society'],
  },
  {
    title: 'LPG Gas',
    params: [[mobileNumber('Mobile Number', true), digits('LPG ID', 17, 17, true)]],
    model: 'fetch',
    exactness: ['Exact'],
    billRupees: [803, 1_150],
    maxPaymentRupees: 5_000,
    billPeriods: ['ONETIME'],
    scaleNouns: ['Gas Agency', 'Indane Distributors'],
  },
  {
    title: 'Gas',
    params: [
      [digits('BP Number', 8, 12)],
      [digits('Customer ID', 8, 12)],
      [alphanumeric('CA Number', 8, 12)],
    ],
    model: 'fetch',
    optionalFetchShare: 0.1,
    exactness: ['Exact and above', 'Exact'],
    billRupees: [300, 2_500],
    maxPaymentRupees: 100_000,
    billPeriods: ['MONTHLY', 'BIMONTHLY'],
    scaleNouns: ['City Gas Distribution', 'Piped Gas'],
  },
  {
    title: 'Water',
    params: [
      [alphanumeric('Consumer Number', 6, 20)],
      [alphanumeric('Connection Number', 6, 20)],
      [digits('RR Number', 6, 12)],
    ],
    model: 'fetch',
    optionalFetchShare: 0.1,
    exactness: ['Exact and above', 'Exact', ''],
    billRupees: [150, 2_500],
    maxPaymentRupees: 100_000,
    billPeriods: ['BIMONTHLY', 'QUARTERLY', 'MONTHLY'],
    scaleNouns: ['Water Supply Board', 'Jal Sansthan', 'Water Works'],
  },
  {
    title: 'Mobile Postpaid',
    params: [[mobileNumber()]],
    model: 'fetch',
    exactness: ['Exact and above', ''],
    billRupees: [299, 1_999],
    maxPaymentRupees: 50_000,
    billPeriods: monthly,
  },
  {
    title: 'Broadband Postpaid',
    params: [
      [alphanumeric('Account Number', 6, 20)],
      [alphanumeric('Customer ID', 6, 20)],
      [param('User Name', 'ALPHANUMERIC', 4, 30, '^[A-Za-z0-9._@-]{4,30}$')],
      [mobileNumber('Registered Mobile Number')],
    ],
    model: 'fetch',
    optionalFetchShare: 0.1,
    validateShare: 0.2,
    exactness: ['Exact', 'Exact and above', ''],
    billRupees: [399, 2_499],
    maxPaymentRupees: 100_000,
    billPeriods: ['MONTHLY', 'QUARTERLY'],
    scaleNouns: ['Broadband', 'Fibernet', 'Net Services'],
  },
  {
    title: 'Landline Postpaid',
    params: [
      [param('Telephone Number', 'NUMERIC', 10, 11, '^0?[1-9][0-9]{9}$')],
      [digits('Telephone Number', 10, 11), digits('Account Number', 10, 10)],
    ],
    model: 'fetch',
    exactness: ['Exact and above', ''],
    billRupees: [199, 1_499],
    maxPaymentRupees: 50_000,
    billPeriods: monthly,
  },
  {
    title: 'Credit Card',
    params: [
      [
        digits('Last 4 digits of Credit Card Number', 4, 4),
        param('Registered Mobile Number', 'NUMERIC', 10, 10, '^[5-9][0-9]{9}$'),
      ],
    ],
    model: 'fetch',
    exactness: ['', '', 'Exact and below'],
    billRupees: [1_500, 95_000],
    maxPaymentRupees: 500_000,
    billPeriods: monthly,
    noCreditCard: true,
    fee: onePercentMinOneRupee,
  },
  {
    title: 'Life Insurance',
    params: [
      [alphanumeric('Policy Number', 8, 20)],
      [
        alphanumeric('Policy Number', 8, 20),
        param('Date of Birth (DD/MM/YYYY)', 'ALPHANUMERIC', 10, 10, '^[0-3][0-9]/[01][0-9]/(19|20)[0-9]{2}$'),
      ],
    ],
    model: 'fetch',
    exactness: ['Exact', 'Exact and above'],
    billRupees: [2_500, 60_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: ['YEARLY', 'HALFYEARLY', 'QUARTERLY', 'MONTHLY'],
  },
  {
    title: 'Health Insurance',
    params: [
      [alphanumeric('Policy Number', 8, 20)],
      [alphanumeric('Policy Number', 8, 20), mobileNumber('Registered Mobile Number', true)],
    ],
    model: 'fetch',
    exactness: ['Exact'],
    billRupees: [5_000, 45_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: ['YEARLY', 'HALFYEARLY'],
  },
  {
    title: 'Insurance',
    params: [[alphanumeric('Policy Number', 8, 20)], [vehicleNumber]],
    model: 'fetch',
    exactness: ['Exact'],
    billRupees: [2_000, 30_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: ['YEARLY'],
    scaleNouns: ['General Insurance'],
  },
  {
    title: 'Loan Repayment',
    params: [
      [alphanumeric('Loan Account Number', 6, 20)],
      [alphanumeric('Loan Number', 6, 20), mobileNumber('Registered Mobile Number', true)],
    ],
    model: 'fetch',
    optionalFetchShare: 0.3,
    exactness: ['Exact', 'Exact and above', 'Exact and below', ''],
    billRupees: [1_500, 55_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: monthly,
    scaleNouns: ['Finance', 'Credit Co-operative Society', 'Microfinance', 'Nidhi Limited'],
  },
  {
    title: 'Municipal Taxes',
    params: [
      [alphanumeric('Property ID', 6, 20)],
      [param('Assessment Number', 'ALPHANUMERIC', 5, 25, '^[A-Za-z0-9/-]{5,25}$')],
    ],
    model: 'fetch',
    exactness: ['Exact', 'Exact and above'],
    billRupees: [800, 25_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: ['HALFYEARLY', 'YEARLY'],
    scaleNouns: ['Nagar Panchayat', 'Municipal Council'],
  },
  {
    title: 'Municipal Services',
    params: [
      [alphanumeric('Application Number', 6, 20)],
      [param('Licence Number', 'ALPHANUMERIC', 5, 25, '^[A-Za-z0-9/-]{5,25}$')],
    ],
    model: 'fetch',
    optionalFetchShare: 0.5,
    exactness: ['Exact', ''],
    billRupees: [200, 5_000],
    maxPaymentRupees: 500_000,
    billPeriods: ['ONETIME', 'YEARLY'],
    scaleNouns: ['Nagar Palika Services', 'Gram Panchayat'],
  },
  {
    title: 'Subscription',
    params: [[alphanumeric('Subscriber ID', 5, 20)], [mobileNumber('Registered Mobile Number')]],
    model: 'validate',
    exactness: [''],
    billRupees: [99, 1_499],
    maxPaymentRupees: 50_000,
    billPeriods: monthly,
    scaleNouns: ['Digital Subscription', 'News Subscription'],
    extraNames: [
      'The Hindu Newspaper Subscription',
      'Hindustan Times Subscription',
      'Dainik Bhaskar Subscription',
      'Malayala Manorama Subscription',
      'Eenadu Subscription',
      'Lokmat Subscription',
      'Anandabazar Patrika Subscription',
      'Deccan Herald Subscription',
    ],
  },
  {
    title: 'Education Fees',
    params: [
      [alphanumeric('Student Admission Number', 4, 15)],
      [
        alphanumeric('Enrollment Number', 4, 15),
        param('Student Name', 'ALPHABETIC', 2, 50, "^[A-Za-z .']{2,50}$", true),
      ],
    ],
    model: 'fetch',
    optionalFetchShare: 0.2,
    exactness: ['Exact', 'Exact and below'],
    billRupees: [5_000, 85_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: ['QUARTERLY', 'HALFYEARLY', 'YEARLY', 'MONTHLY'],
    scaleNouns: ['Vidyalaya', 'Public School', 'College'],
  },
  {
    title: 'Hospital',
    params: [[alphanumeric('UHID', 6, 15)], [mobileNumber('Registered Mobile Number')]],
    model: 'fetch',
    optionalFetchShare: 0.5,
    exactness: ['Exact', ''],
    billRupees: [500, 60_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: ['ONETIME'],
    scaleNouns: ['Hospital', 'Nursing Home', 'Multispeciality Clinic'],
    extraNames: [
      'Sri Sai Multispeciality Hospital',
      'Lifeline Super Speciality Hospital',
      'Sanjeevani Hospital and Research Centre',
      'Arogya Nursing Home',
      'Kaveri Medical Centre',
      'Janseva Charitable Hospital',
    ],
  },
  {
    title: 'Housing Society',
    params: [
      [
        param('Flat Number', 'ALPHANUMERIC', 1, 10, '^[A-Za-z0-9/-]{1,10}$'),
        mobileNumber('Registered Mobile Number'),
      ],
    ],
    model: 'fetch',
    exactness: ['Exact', 'Exact and above'],
    billRupees: [1_500, 12_000],
    maxPaymentRupees: 200_000,
    billPeriods: ['MONTHLY', 'QUARTERLY'],
    scaleNouns: ['Co-operative Housing Society', 'Apartment Owners Association'],
    extraNames: [
      'Green Valley Co-operative Housing Society',
      'Shanti Nagar Apartment Owners Association',
      'Lake View Residency Welfare Association',
      'Sai Darshan Co-operative Housing Society',
      'Palm Grove Residents Association',
    ],
  },
  {
    title: 'Recurring Deposit',
    params: [[digits('RD Account Number', 9, 18)]],
    model: 'fetch',
    exactness: ['Exact'],
    billRupees: [500, 10_000],
    maxPaymentRupees: 200_000,
    billPeriods: monthly,
    scaleNouns: ['Co-operative Bank RD'],
    extraNames: [
      'Ujjivan Small Finance Bank - Recurring Deposit',
      'Equitas Small Finance Bank - Recurring Deposit',
      'Jana Small Finance Bank - Recurring Deposit',
      'Suryoday Small Finance Bank - Recurring Deposit',
    ],
  },
  {
    title: 'Donation',
    params: [
      [
        mobileNumber('Donor Mobile Number'),
        param('PAN', 'ALPHANUMERIC', 10, 10, '^[A-Z]{5}[0-9]{4}[A-Z]$', true),
      ],
    ],
    model: 'direct',
    exactness: [''],
    billRupees: [100, 10_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: ['ONETIME'],
    scaleNouns: ['Charitable Trust', 'Seva Samiti'],
  },
  {
    title: 'Clubs and Associations',
    params: [[alphanumeric('Membership Number', 4, 12)]],
    model: 'fetch',
    optionalFetchShare: 0.3,
    exactness: ['Exact', 'Exact and above'],
    billRupees: [1_000, 25_000],
    maxPaymentRupees: 500_000,
    billPeriods: ['QUARTERLY', 'YEARLY'],
    scaleNouns: ['Sports Club', 'Gymkhana', 'Welfare Association'],
    extraNames: [
      'Deccan Gymkhana Club',
      'Madras Cricket Association Members Club',
      'Calcutta Rowing Club',
      'Rotary Club of Salem',
      'Indian Medical Association - Membership',
    ],
  },
  {
    title: 'Rental',
    params: [[alphanumeric('Tenant ID', 4, 15)], [alphanumeric('Agreement Number', 6, 20)]],
    model: 'validate',
    exactness: [''],
    billRupees: [5_000, 60_000],
    maxPaymentRupees: 500_000,
    billPeriods: monthly,
    scaleNouns: ['Rentals', 'Estates'],
    extraNames: [
      'Shree Properties Rent Collection',
      'Urban Nest Rentals',
      'Metro Estates Rent Pay',
      'Coastal Homes Rentals',
    ],
  },
  {
    title: 'NCMC',
    params: [[digits('Card Number', 16, 16)], [mobileNumber('Registered Mobile Number')]],
    model: 'validate',
    exactness: [''],
    billRupees: [100, 2_000],
    maxPaymentRupees: 2_000,
    billPeriods: ['ONETIME'],
    extraNames: [
      'State Bank of India - NCMC Recharge',
      'Airtel Payments Bank - NCMC Recharge',
      'Bank of Baroda - NCMC Recharge',
      'Canara Bank - NCMC Recharge',
      'Paytm Payments Bank - NCMC Recharge',
    ],
  },
  {
    title: 'NPS',
    params: [
      [
        digits('PRAN', 12, 12),
        param('Date of Birth (DD/MM/YYYY)', 'ALPHANUMERIC', 10, 10, '^[0-3][0-9]/[01][0-9]/(19|20)[0-9]{2}$'),
      ],
    ],
    model: 'validate',
    exactness: [''],
    billRupees: [500, 50_000],
    maxPaymentRupees: 1_000_000,
    billPeriods: ['ONETIME'],
    fee: flatFee(50),
  },
  {
    title: 'Prepaid Meter',
    params: [[digits('Meter Number', 8, 12)], [digits('Consumer Number', 10, 12)]],
    model: 'validate',
    exactness: [''],
    billRupees: [100, 5_000],
    maxPaymentRupees: 50_000,
    billPeriods: ['ONETIME'],
    scaleNouns: ['Smart Prepaid Meter'],
  },
  {
    title: 'Hospital & Pathology',
    params: [[mobileNumber('Registered Mobile Number')], [alphanumeric('Patient ID', 6, 15)]],
    model: 'fetch',
    exactness: ['Exact'],
    billRupees: [300, 8_000],
    maxPaymentRupees: 200_000,
    billPeriods: ['ONETIME'],
    scaleNouns: ['Diagnostics', 'Pathology Lab'],
    extraNames: [
      'Thyrocare Collection Centre',
      'Sri Krishna Diagnostics',
      'Apex Pathology Laboratory',
      'Medilab Diagnostic Centre',
    ],
  },
];

/** The seed data's category key where it differs from the service title. */
export const seedCategoryKey: Record<string, string> = { 'Hospital & Pathology': 'Hospital and Pathology' };
