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
