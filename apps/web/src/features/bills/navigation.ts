import type { Biller, BillRequest, BillResponse } from '@erti/contracts';
import type { NameValue } from './bill-request.ts';

/** Navigation state of the bill-entry page: the chosen biller (or its id), and values to fill in. */
export interface BillEntryState {
  biller?: Biller;
  billerId?: string;
  prefill?: NameValue[];
}

/** Navigation state of `/billerdetails` (spec: the fetch response, the biller and the request). */
export interface BillDetailsState {
  response: BillResponse;
  biller: Biller;
  billReq: BillRequest;
}

export function isBillDetailsState(state: unknown): state is BillDetailsState {
  const candidate = state as Partial<BillDetailsState> | null;
  return Boolean(candidate?.response?.response?.billerResponse && candidate.biller && candidate.billReq);
}
