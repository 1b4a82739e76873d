import type { Biller } from '@erti/contracts';

/** Billers shaped like the network's, for the bills feature's tests. */
export const billers = {
  electricity: {
    billerId: 'BESCOM000KAR01',
    billerName: 'Bangalore Electricity Supply Company',
    billerCategoryName: 'Electricity',
    customerParams: [
      { paramName: 'Consumer Number', dataType: 'NUMERIC', optional: 'false', regex: '^[0-9]{10,12}$' },
      { paramName: 'Mobile Number', dataType: 'NUMERIC', optional: 'true', regex: '^[6-9][0-9]{9}$' },
    ],
    planMdmRequirement: 'NOT_SUPPORTED',
    fetchRequirement: 'MANDATORY',
    supportBillValidation: 'NOT_SUPPORTED',
  },
  lpg: {
    billerId: 'HPCL00000NAT01',
    billerName: 'HP Gas',
    billerCategoryName: 'LPG Gas',
    customerParams: [
      { paramName: 'Mobile Number', optional: 'true', regex: '^[6-9][0-9]{9}$' },
      { paramName: 'LPG ID', optional: 'true', regex: '^[0-9]{17}$' },
    ],
    planMdmRequirement: 'NOT_SUPPORTED',
    fetchRequirement: 'MANDATORY',
    supportBillValidation: 'NOT_SUPPORTED',
  },
  fastag: {
    billerId: 'ICIC00000NATFT',
    billerName: 'ICICI Bank FASTag',
    billerCategoryName: 'Fastag',
    customerParams: [
      { paramName: 'Id', optional: 'false', regex: '^[0-9]{4,8}$' },
      { paramName: 'Vehicle Number', optional: 'false', regex: '^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$' },
    ],
    planMdmRequirement: 'NOT_SUPPORTED',
    fetchRequirement: 'NOT_SUPPORTED',
    supportBillValidation: 'MANDATORY',
    minAmount: 10000,
    maxAmount: 10000000,
  },
} satisfies Record<string, Biller>;
