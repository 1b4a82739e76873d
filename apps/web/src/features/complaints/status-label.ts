const statusLabels: Record<string, string> = {
  LOGGED: 'Logged',
  ASSIGNED: 'Assigned',
  'RE-ASSIGNED': 'Reassigned',
  ESCALATED: 'Escalated',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
  SUCCESS: 'Successful',
  FAILURE: 'Failed',
  PENDING: 'Pending',
};

/** A complaint or transaction status in words. */
export const statusLabel = (status: string) =>
  statusLabels[status] ?? status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');
