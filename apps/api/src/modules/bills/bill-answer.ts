import type { BillResponse } from '@erti/contracts';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import type { BbpsBillerResponse, BbpsFetchResponse, BbpsValidationResponse } from '@erti/protocols';

/** Payment received for the billing period: nothing is due, which the user should see as such, not as an error. */
export const NO_BILL_DUE = 'BFR004';
const NO_BILL_DUE_TEXT = 'No bill due. The payment for this billing period has already been received.';

/**
 * Answers that mean "the biller could not be asked right now, try again": unable to get bill details,
 * unscheduled downtime, the biller's technical exception. Shown as a retryable 503, not as the
 * customer's mistake.
 */
const RETRYABLE_CODES = new Set(['BFR008', 'BFR010', 'BVR009']);

type NetworkAnswer = BbpsFetchResponse | BbpsValidationResponse;

export const complianceCode = (answer: NetworkAnswer): string =>
  answer.response.complianceRespCd || answer.response.errorList?.[0]?.errorCd || '';

export const isRetryable = (answer: NetworkAnswer) =>
  answer.respCode !== '1' && RETRYABLE_CODES.has(complianceCode(answer));

/** The reason to show for a "no": the network's first error detail, else its compliance reason. */
function errorListOf(answer: NetworkAnswer, fallback: string): BillResponse['response']['errorList'] {
  if (answer.respCode === '1') return [];
  const code = complianceCode(answer);
  if (code === NO_BILL_DUE) return [{ errorCd: NO_BILL_DUE, errorDtl: NO_BILL_DUE_TEXT }];
  const listed = (answer.response.errorList ?? []).filter((error) => error.errorDtl);
  if (listed.length > 0) return listed;
  const reason = answer.response.complianceReason || answer.response.responseReason;
  return [
    {
      errorCd: code || answer.response.responseCode,
      errorDtl: reason && reason !== 'Failure' ? reason : fallback,
    },
  ];
}

/** The parts every fetch and validation answer shares, in our shape. */
export function answerEnvelope(
  answer: NetworkAnswer,
  billFetchId: string,
  fallbackError: string,
): Pick<BillResponse, 'respCode' | 'status'> & { response: BillResponse['response'] } {
  const code = complianceCode(answer);
  return {
    respCode: answer.respCode === '1' ? 1 : 0,
    status: answer.status,
    response: {
      billFetchId,
      refId: answer.response.refId,
      approvalRefNum: answer.response.approvalRefNum,
      responseCode: answer.response.responseCode,
      responseReason: answer.response.responseReason,
      complianceReason: code === NO_BILL_DUE ? NO_BILL_DUE_TEXT : answer.response.complianceReason,
      complianceRespCd: answer.response.complianceRespCd,
      additionalInfo: answer.response.additionalInfo,
      errorList: errorListOf(answer, fallbackError),
      noBillDue: code === NO_BILL_DUE,
    },
  };
}

/** The fetched bill for the screens: amounts in rupees, the convenience fee we will charge beside it. */
export function billForScreens(
  bill: BbpsBillerResponse,
  amountPaise: number,
  convenienceFeePaise: number,
): NonNullable<BillResponse['response']['billerResponse']> {
  return {
    customerName: bill.customerName,
    amount: rupeesFromPaise(amountPaise),
    dueDate: bill.dueDate,
    billDate: bill.billDate,
    billNumber: bill.billNumber,
    billPeriod: bill.billPeriod,
    custConvFee: rupeesFromPaise(convenienceFeePaise),
  };
}
