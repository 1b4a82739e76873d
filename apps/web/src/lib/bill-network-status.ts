import type { OutsideSystemState, SiteStatusResponse } from '@erti/contracts';
import { publicApi } from './api-client.ts';

/** Said by a screen whose call to the bill network failed: the banner asks the api again at once. */
const BILL_NETWORK_DOUBTED = 'erti:bill-network-doubted';

/**
 * `GET /api/status`: whether the bill network can be reached now (decision 110). Never kept: the api
 * answers `no-store`, and the service worker leaves api calls but receipts alone.
 */
export const readBillNetworkState = async (): Promise<OutsideSystemState> =>
  (await publicApi.get<SiteStatusResponse>('/status')).billNetwork;

/** A bill fetch or validation the network did not answer: the banner should look again now. */
export const doubtBillNetwork = () => window.dispatchEvent(new Event(BILL_NETWORK_DOUBTED));

export function onBillNetworkDoubted(listener: () => void): () => void {
  window.addEventListener(BILL_NETWORK_DOUBTED, listener);
  return () => window.removeEventListener(BILL_NETWORK_DOUBTED, listener);
}
