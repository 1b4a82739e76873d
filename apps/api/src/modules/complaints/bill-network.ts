import type { BbpsComplaintRegistrationResponse, BbpsComplaintTrackResponse, BbpsTxn } from '@erti/protocols';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.ts';
import {
  type BbpsClient,
  BbpsRejectedError,
  BbpsUnavailableError,
  type TxnStatusQuery,
} from '../../integrations/bbps/bbps-client.ts';
import { asArray } from '../../integrations/bbps/biller-normaliser.ts';

/** The calls of the bill network that complaints and transaction queries make. */
export type ComplaintNetwork = Pick<BbpsClient, 'registerComplaint' | 'trackComplaint' | 'status'>;

export const isNetworkFailure = (error: unknown) =>
  error instanceof BbpsUnavailableError || error instanceof BbpsRejectedError;

/** Runs a network call whose answer the user waits for: a transport failure becomes a 503 they can act on. */
export async function onNetwork<T>(logger: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    logger.warn({ err: error }, 'bill network call failed');
    throw new AppError(
      'UNAVAILABLE',
      'Bharat Connect is not answering right now. Please try again in a few minutes.',
    );
  }
}

/** The transactions the network finds for a query (none when it answers with a failure). */
export async function transactionsOnNetwork(
  network: ComplaintNetwork,
  query: TxnStatusQuery,
): Promise<BbpsTxn[]> {
  const answer = await network.status(query);
  return answer.respCode === '1' ? asArray(answer.response.txnList) : [];
}

/** The one transaction with this B-Connect Txn ID, if the network knows it. */
export async function transactionOnNetwork(
  network: ComplaintNetwork,
  txnReferenceId: string,
): Promise<BbpsTxn | undefined> {
  const found = await transactionsOnNetwork(network, { txnReferenceId });
  return found.find((txn) => txn.txnReferenceId === txnReferenceId);
}

/** The network's reason for refusing a complaint call, in its own words when it gave some. */
export function refusalReason(
  answer:
    | BbpsComplaintRegistrationResponse['complaintRegistrationResp']
    | BbpsComplaintTrackResponse['complaintTrackingResp'],
): string {
  const [first] = asArray(answer.errorInfo?.error);
  return first?.errorMessage || answer.responseReason || 'Bharat Connect did not accept the request';
}
