import type { QueryType } from '@erti/contracts';
import { type BbpsTxnStatus, transactionDispositions } from '@erti/protocols';

type Disposition = (typeof transactionDispositions)[number];

const [successfulNotUpdated, creditedNoTxnId, notCreditedNoTxnId, , , , others] = transactionDispositions;

/**
 * The NPCI disposition for a 'Type of Query'. 'Failed transaction' depends on what the network says
 * happened: a payment it recorded as successful but the customer sees as failed is "Transaction
 * Successful, account not updated"; otherwise the money left the customer without reaching the biller.
 */
export function dispositionFor(queryType: QueryType, networkStatus: BbpsTxnStatus): Disposition {
  switch (queryType) {
    case 'Refund':
      return notCreditedNoTxnId;
    case 'Failed transaction':
      return networkStatus === 'SUCCESS' ? successfulNotUpdated : notCreditedNoTxnId;
    case 'Money debited but no confirmation':
    case 'Transaction ID not received':
      return creditedNoTxnId;
    case 'Others':
      return others;
  }
}

/** Working days we promise a complaint is resolved in (the informal industry range is 5 to 7). */
export const RESOLUTION_WORKING_DAYS = 7;

/** The date (YYYY-MM-DD) `days` working days after `from`, skipping Saturdays and Sundays. */
export function addWorkingDays(from: string, days: number): string {
  const date = new Date(`${from}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** The day after a date (YYYY-MM-DD). */
export function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The instant an Indian calendar day starts. */
export const startOfIndianDay = (date: string) => new Date(`${date}T00:00:00+05:30`);

/** Statuses after which a complaint is over; a new complaint about the same transaction may then be raised. */
export const FINISHED_STATUSES = ['RESOLVED', 'CLOSED', 'REJECTED', 'CANCELLED'];
export const isFinished = (status: string) => FINISHED_STATUSES.includes(status);

/**
 * The network's role names in its remarks, in words a customer knows (decision 114): "assigned to
 * BBPOU" means the biller's own bank on Bharat Connect took the complaint. The rest of a remark is
 * the network's and stays as sent.
 */
const networkRoles: [RegExp, string][] = [
  [/\bBBPOUs?\b/g, "the biller's bank on Bharat Connect"],
  [/\bBBPCU\b/g, 'Bharat Connect (NPCI)'],
  [/\bCOU\b/g, 'our bank on Bharat Connect'],
];

export const plainRemarks = (remarks: string) =>
  networkRoles.reduce((text, [role, words]) => text.replace(role, words), remarks);
