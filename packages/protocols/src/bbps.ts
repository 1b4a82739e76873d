/**
 * Bharat Connect (BBPS) agent-institution wire formats, as our operating unit (and the sandbox)
 * speaks them. Transaction calls use the Axis/TransXT JSON envelopes (`chId`, `custDetails`,
 * `agentDetails`, `billDetails`); biller master data uses BillAvenue's `billerInfoResponse` names.
 * Every amount is a string of paise; every flag a string. See ../shared/reference/protocols.md §4.
 *
 * Paths, relative to the operating unit's base URL (`BBPS_BASE_URL`, the sandbox's `/bou`):
 */
export const bbpsPaths = {
  fetch: '/npciservice/fetch',
  validate: '/npciservice/billValidation',
  pay: '/npciservice/pay',
  status: '/npciservice/status',
  /** GET, query `category`, `page` (from 1), `pageSize` (max 1000), optional `updatedSince` (ISO). */
  billerMdm: '/billerservice/mdm',
  /** GET `/billerservice/downloadMDM/billerId/{billerId}` */
  billerById: '/billerservice/downloadMDM/billerId',
  /** POST `{ billerId: string[] }` */
  planMdm: '/planservice/planMdm',
  /** GET `/planservice/circles/{billerId}` */
  circles: '/planservice/circles',
  /** GET: states and union territories with their areas (districts). */
  locations: '/coverage/locations',
  complaintRegister: '/extComplaints/register',
  complaintTrack: '/extComplaints/track',
} as const;

export type Requirement = 'MANDATORY' | 'OPTIONAL' | 'NOT_SUPPORTED' | '';

export interface NameValue {
  name: string;
  value: string;
}

export interface AgentDetails {
  agentId: string;
  /** INITIATING_CHANNEL=INT, IP, MAC for a web site. */
  deviceTags: NameValue[];
}

export interface CustDetails {
  mobileNo: string;
  customerTags: NameValue[];
}

export interface BillDetails {
  billerId: string;
  customerParams: NameValue[];
}

export interface BbpsFetchRequest {
  chId: 1;
  isRealTimeFetch: true;
  custDetails: CustDetails;
  agentDetails: AgentDetails;
  billDetails: BillDetails;
}

export interface BbpsValidationRequest {
  chId: 1;
  custDetails?: CustDetails;
  agentDetails: AgentDetails;
  billDetails: BillDetails;
  /** Plan billers: the chosen plan; recharges: the amount in paise. */
  amount?: string;
  planId?: string;
}

export interface BbpsBillerResponse {
  customerName: string;
  /** Paise. */
  amount: string;
  dueDate: string;
  custConvFee: string;
  custConvDesc: string;
  billDate: string;
  billNumber: string;
  billPeriod: string;
  billTags: NameValue[];
}

export interface BbpsErrorDetail {
  errorCd: string;
  errorDtl: string;
}

/** The envelope of every transaction answer: respCode "1" success, "0" failure. */
export interface BbpsResponse<Inner> {
  respCode: '1' | '0';
  status: 'SUCCESS' | 'FAILURE' | 'PENDING';
  response: Inner & {
    chId: 1;
    refId?: string;
    approvalRefNum?: string;
    /** "000" success; anything else failure. */
    responseCode: string;
    responseReason: string;
    complianceReason: string;
    /** NPCI code such as BFR001, BFR004, BFR008, BVR001, BPR007. */
    complianceRespCd: string;
    errorList?: BbpsErrorDetail[];
  };
}

export type BbpsFetchResponse = BbpsResponse<{
  billDetails?: NameValue[];
  billerResponse?: BbpsBillerResponse;
  additionalInfo?: NameValue[];
}>;

export type BbpsValidationResponse = BbpsResponse<{ additionalInfo?: NameValue[] }>;

export interface BbpsPaymentRequest {
  chId: 1;
  /** The fetch's refId; absent for quick pay (no fetch). */
  refId?: string;
  /** Ours, unique per payment: the operating unit de-duplicates on it. */
  clientRequestId: string;
  agentDetails: AgentDetails;
  custDetails: CustDetails;
  billDetails: BillDetails;
  amountDetails: { amount: string; currency: '356'; custConvFee: string; couCustConvFee: string };
  paymentDetails: {
    paymentMode: string;
    quickPay: 'Yes' | 'No';
    splitPay: 'Yes' | 'No';
    offusPay: 'Yes' | 'No';
    paymentInfo: NameValue[];
  };
  planDetails?: { planDetail: { type: 'ACTIVATED'; id: string } };
}

export type BbpsPaymentResponse = BbpsResponse<{
  /** The 20-character B-Connect Txn ID. */
  txnReferenceId?: string;
  txnDateTime?: string;
  billerPlanResponse?: { planInfo: { type: string; planInfoTags: NameValue[] }[] };
}>;

export type BbpsTxnStatus = 'SUCCESS' | 'FAILURE' | 'PENDING';

export type BbpsStatusRequest =
  | { chId: 1; txnReferenceId: string }
  | { chId: 1; clientRequestId: string }
  | { chId: 1; mobileNo: string; fromDate: string; toDate: string };

export interface BbpsTxn {
  txnReferenceId: string;
  clientRequestId: string;
  approvalRefNumber: string;
  txnStatus: BbpsTxnStatus;
  /** Paise. */
  amount: string;
  txnDate: string;
  billerId: string;
  billerName: string;
  agentId: string;
  mobile: string;
}

export type BbpsStatusResponse = BbpsResponse<{ txnList: BbpsTxn[] }>;

/** One customer parameter of a biller (BillAvenue `paramInfo`). */
export interface BbpsParamInfo {
  paramName: string;
  dataType: 'NUMERIC' | 'ALPHANUMERIC' | 'ALPHABETIC';
  isOptional: 'true' | 'false';
  minLength: string;
  maxLength: string;
  regEx: string;
}

/** One customer convenience fee slab; amounts in paise. */
export interface BbpsFeeSlab {
  feeCode: 'CCF1';
  feeDirection: 'C2B';
  flatFee: string;
  percentFee: string;
  tranAmtRangeMin: string;
  tranAmtRangeMax: string;
}

/** Biller master data (BillAvenue `billerInfoResponse.biller`, every scalar a string). */
export interface BbpsBiller {
  billerId: string;
  billerName: string;
  billerAliasName: string;
  billerCategory: string;
  billerAdhoc: 'true' | 'false';
  /** "IND" (all India), "IND-TND" (a state) or "IND-TND-Chennai" (one area). */
  billerCoverage: string;
  billerFetchRequiremet: Requirement;
  billerSupportBillValidation: Requirement;
  planMdmRequirement: Requirement;
  billerPaymentExactness: 'Exact' | 'Exact and above' | 'Exact and below' | '';
  billerStatus: 'ACTIVE' | 'INACTIVE';
  billerInputParams: { paramInfo: BbpsParamInfo[] };
  billerPaymentModes: { paymentModeInfo: { paymentMode: string; minAmount: string; maxAmount: string }[] };
  billerPaymentChannels: {
    paymentChannelInfo: { paymentChannelName: string; minAmount: string; maxAmount: string }[];
  };
  interchangeFee: BbpsFeeSlab[];
  /** Where the logo store has a logo for this biller: its extension, else empty. */
  billerLogo: string;
  billerDescription: string;
}

export interface BbpsBillerMdmResponse {
  billerInfoResponse: {
    responseCode: string;
    totalCount: number;
    page: number;
    pageSize: number;
    biller: BbpsBiller[];
  };
}

/** Plan master data, with the spec's names. */
export interface BbpsPlan {
  Id: string;
  billerId: string;
  circle: string;
  categoryType: string;
  amountInRupees: number;
  planDescription: string;
  planAdditionalInfo: { tag: { paramName: string; paramValue: string }[] };
  effectiveFrom: string;
  effectiveTo: string;
  status: 'ACTIVE' | 'INACTIVE';
}

export interface BbpsPlanMdmResponse {
  planDetailsResponse: { responseCode: string; planDetails: BbpsPlan[] };
}

export interface BbpsCirclesResponse {
  responseCode: string;
  billerId: string;
  circles: string[];
}

export interface BbpsLocation {
  id: string;
  name: string;
  areas: string[];
}

export interface BbpsLocationsResponse {
  responseCode: string;
  locations: BbpsLocation[];
}

export interface BbpsComplaintRegistrationRequest {
  complaintRegistrationReq: {
    complaintType: 'Transaction' | 'Service';
    participationType?: 'AGENT' | 'BILLER';
    agentId?: string;
    billerId?: string;
    txnRefId?: string;
    complaintDesc: string;
    servReason?: string;
    complaintDisposition?: string;
  };
}

export interface BbpsComplaintRegistrationResponse {
  complaintRegistrationResp: {
    complaintAssigned: string;
    complaintId: string;
    responseCode: string;
    responseReason: string;
    errorInfo?: { error: { errorCode: string; errorMessage: string }[] };
  };
}

export interface BbpsComplaintTrackRequest {
  complaintType: 'Transaction' | 'Service';
  complaintId: string;
}

export interface BbpsComplaintTrackResponse {
  complaintTrackingResp: {
    complaintAssigned: string;
    complaintId: string;
    /** ASSIGNED, RE-ASSIGNED, ESCALATED, RESOLVED, CLOSED. */
    complaintStatus: string;
    complaintRemarks: string;
    responseCode: string;
    responseReason: string;
    errorInfo?: { error: { errorCode: string; errorMessage: string }[] };
  };
}

/** The NPCI transaction complaint dispositions, exact strings. */
export const transactionDispositions = [
  'Transaction Successful, account not updated',
  'Amount deducted, biller account credited but transaction ID not received',
  'Amount deducted, biller account not credited & transaction ID not received',
  'Amount deducted multiple times',
  'Double payment updated',
  'Erroneously paid in wrong account',
  'Others, provide details in description',
] as const;
