import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { ComplaintRow } from './complaints.repository.ts';

/** A finished complaint's notice to its payer, one job per channel. */
export const RESOLUTION_NOTICE_JOB = 'complaints.resolution-notice';

/** The ways a finished complaint is told: mail now; SMS joins here when there is a provider (issue 39). */
export const NOTICE_CHANNELS = ['mail'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/**
 * The one place that queues "your complaint is resolved" notices (decision 114), in the transaction
 * that records the finished status. The job key makes each channel's notice exist once per complaint,
 * whichever replica or request learnt the news first, and however often it learns it again.
 */
export async function queueResolutionNotices(executor: Executor, row: ComplaintRow): Promise<void> {
  for (const channel of NOTICE_CHANNELS) {
    await enqueueJob(
      executor,
      RESOLUTION_NOTICE_JOB,
      { complaintRowId: row.id, channel },
      { dedupeKey: `${RESOLUTION_NOTICE_JOB}:${channel}:${row.id}` },
    );
  }
}
