import type { QueryType } from '@erti/contracts';

/** Query types as the api takes them, and their words on the form. */
export const queryTypeIds: Record<QueryType, string> = {
  Refund: 'complaints.queryType.refund',
  'Failed transaction': 'complaints.queryType.failedTransaction',
  'Money debited but no confirmation': 'complaints.queryType.debitedNoConfirmation',
  'Transaction ID not received': 'complaints.queryType.noTransactionId',
  Others: 'complaints.queryType.others',
};

/** A complaint or transaction status's message id. */
const statusIds: Record<string, string> = {
  LOGGED: 'complaints.status.logged',
  ASSIGNED: 'complaints.status.assigned',
  'RE-ASSIGNED': 'complaints.status.reassigned',
  ESCALATED: 'complaints.status.escalated',
  RESOLVED: 'complaints.status.resolved',
  CLOSED: 'complaints.status.closed',
  SUCCESS: 'payments.status.successful',
  FAILURE: 'payments.status.failed',
  PENDING: 'complaints.status.pending',
};

/** A complaint or transaction status in words; a status the site does not know yet as sent, tidied. */
export function statusLabel(status: string, formatMessage: (descriptor: { id: string }) => string): string {
  const id = statusIds[status];
  return id ? formatMessage({ id }) : status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');
}

/** What a complaint's status means for the customer, in plain words (decision 114). */
const meaningIds: Record<string, string> = {
  LOGGED: 'complaints.meaning.logged',
  ASSIGNED: 'complaints.meaning.assigned',
  'RE-ASSIGNED': 'complaints.meaning.reassigned',
  ESCALATED: 'complaints.meaning.escalated',
  RESOLVED: 'complaints.meaning.resolved',
  CLOSED: 'complaints.meaning.closed',
};

/** The plain sentence for a complaint status, when the site knows the status. */
export function statusMeaning(
  status: string,
  formatMessage: (descriptor: { id: string }) => string,
): string | undefined {
  const id = meaningIds[status];
  return id ? formatMessage({ id }) : undefined;
}
