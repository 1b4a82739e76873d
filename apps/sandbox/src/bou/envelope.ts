import type { BbpsResponse } from '@erti/protocols';

/** The Axis-style answer envelopes of fetch, validation, payment and status. */

interface Ids {
  refId?: string;
  approvalRefNum?: string;
}

export function succeeded<Inner extends object>(
  inner: Inner,
  ids: Ids = {},
  status: 'SUCCESS' | 'PENDING' = 'SUCCESS',
): BbpsResponse<Inner> {
  return {
    respCode: '1',
    status,
    response: {
      chId: 1,
      ...ids,
      responseCode: '000',
      responseReason: status === 'PENDING' ? 'Pending' : 'Successful',
      complianceReason: '',
      complianceRespCd: '',
      ...inner,
    },
  };
}

/** A business failure: an NPCI compliance code and its text, also as `errorList[0]`. */
export function failed<Inner extends object = object>(
  code: string,
  detail: string,
  ids: Ids = {},
  inner: Inner = {} as Inner,
): BbpsResponse<Inner> {
  return {
    respCode: '0',
    status: 'FAILURE',
    response: {
      chId: 1,
      ...ids,
      ...inner,
      responseCode: '200',
      responseReason: 'Failure',
      complianceReason: detail,
      complianceRespCd: code,
      errorList: [{ errorCd: code, errorDtl: detail }],
    },
  };
}

/**
 * A refusal before the call is read (a wrong AUTH, an envelope that does not decrypt), in the shape
 * §4.9 gives BBPS transport errors. It has no `respCode` on purpose: the api must take it for a
 * refused request, never for the biller's answer.
 */
export function refused(code: string, message: string) {
  return {
    responseCode: '001',
    responseReason: 'FAILURE',
    errorInfo: { error: [{ errorCode: code, errorMessage: message }] },
  };
}

/** A business failure carried as a thrown value, so deep checks can stop a request early. */
export class NetworkRefusal extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}
