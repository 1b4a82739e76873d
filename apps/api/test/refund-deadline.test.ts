import { describe, expect, it } from 'vitest';
import { refundDeadline, refundTerms } from '../src/modules/payments/refund-deadline.ts';

/** An instant written in India time. */
const ist = (text: string) => new Date(`${text}+05:30`);

type Case = {
  name: string;
  paidAt: string;
  reason: 'auto' | 'merchant';
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  requestedAt: string;
  endedAt?: string;
  now: string;
  deadline: string;
  day: number;
  daysLate: number;
  compensationRupees: number;
};

// Paid on 20 Nov (day T): an automatic refund is due by the end of 25 Nov in India, whenever it was asked.
const cases: Case[] = [
  {
    name: 'an automatic refund pending within T+5',
    paidAt: '2026-11-20T10:00:00',
    reason: 'auto',
    status: 'PENDING',
    requestedAt: '2026-11-20T10:05:00',
    now: '2026-11-22T09:00:00',
    deadline: '2026-11-25T23:59:59.999',
    day: 2,
    daysLate: 0,
    compensationRupees: 0,
  },
  {
    name: 'a retry asked on T+4 keeps the deadline of T',
    paidAt: '2026-11-20T10:00:00',
    reason: 'auto',
    status: 'PENDING',
    requestedAt: '2026-11-24T18:00:00',
    now: '2026-11-25T12:00:00',
    deadline: '2026-11-25T23:59:59.999',
    day: 5,
    daysLate: 0,
    compensationRupees: 0,
  },
  {
    name: 'a refund completed in the last minute of T+5 is on time',
    paidAt: '2026-11-20T10:00:00',
    reason: 'auto',
    status: 'COMPLETED',
    requestedAt: '2026-11-23T10:00:00',
    endedAt: '2026-11-25T23:59:00',
    now: '2026-12-30T10:00:00',
    deadline: '2026-11-25T23:59:59.999',
    day: 5,
    daysLate: 0,
    compensationRupees: 0,
  },
  {
    name: 'a refund completed half an hour into T+6 owes a whole day',
    paidAt: '2026-11-20T10:00:00',
    reason: 'auto',
    status: 'COMPLETED',
    requestedAt: '2026-11-20T10:05:00',
    endedAt: '2026-11-26T00:30:00',
    now: '2026-12-30T10:00:00',
    deadline: '2026-11-25T23:59:59.999',
    day: 6,
    daysLate: 1,
    compensationRupees: 100,
  },
  {
    name: 'a retried refund completed on T+8 owes three days, counted from T',
    paidAt: '2026-11-20T10:00:00',
    reason: 'auto',
    status: 'COMPLETED',
    requestedAt: '2026-11-27T10:00:00',
    endedAt: '2026-11-28T10:00:00',
    now: '2026-12-30T10:00:00',
    deadline: '2026-11-25T23:59:59.999',
    day: 8,
    daysLate: 3,
    compensationRupees: 300,
  },
  {
    name: 'a refund still pending on T+7 owes two days so far',
    paidAt: '2026-11-20T10:00:00',
    reason: 'auto',
    status: 'PENDING',
    requestedAt: '2026-11-20T10:05:00',
    now: '2026-11-27T09:00:00',
    deadline: '2026-11-25T23:59:59.999',
    day: 7,
    daysLate: 2,
    compensationRupees: 200,
  },
  {
    name: 'a failed attempt is late but its compensation is counted on the attempt that follows',
    paidAt: '2026-11-20T10:00:00',
    reason: 'auto',
    status: 'FAILED',
    requestedAt: '2026-11-20T10:05:00',
    endedAt: '2026-11-27T09:00:00',
    now: '2026-11-29T09:00:00',
    deadline: '2026-11-25T23:59:59.999',
    day: 7,
    daysLate: 2,
    compensationRupees: 0,
  },
  {
    name: 'paid a minute before midnight in India: T is that day (18:29 UTC)',
    paidAt: '2026-11-20T23:59:00',
    reason: 'auto',
    status: 'PENDING',
    requestedAt: '2026-11-21T00:10:00',
    now: '2026-11-26T00:01:00',
    deadline: '2026-11-25T23:59:59.999',
    day: 6,
    daysLate: 1,
    compensationRupees: 100,
  },
  {
    name: 'paid a minute after midnight in India (the same UTC day): T is the next day',
    paidAt: '2026-11-21T00:01:00',
    reason: 'auto',
    status: 'PENDING',
    requestedAt: '2026-11-21T00:10:00',
    now: '2026-11-26T00:01:00',
    deadline: '2026-11-26T23:59:59.999',
    day: 5,
    daysLate: 0,
    compensationRupees: 0,
  },
  {
    name: "a merchant's refund of a paid bill is due five days after the request, without compensation",
    paidAt: '2026-10-01T10:00:00',
    reason: 'merchant',
    status: 'COMPLETED',
    requestedAt: '2026-11-22T15:00:00',
    endedAt: '2026-11-29T11:00:00',
    now: '2026-12-30T10:00:00',
    deadline: '2026-11-27T23:59:59.999',
    day: 7,
    daysLate: 2,
    compensationRupees: 0,
  },
];

describe('refundTerms', () => {
  it.each(cases)('$name', (c) => {
    const ended = c.endedAt ? ist(c.endedAt) : null;
    const refund = {
      reason: c.reason,
      status: c.status,
      createdAt: ist(c.requestedAt),
      completedAt: c.status === 'COMPLETED' ? ended : null,
      updatedAt: ended ?? ist(c.requestedAt),
    };
    // As a refund opens, its deadline is written on it; the terms read it from there.
    const opened = { ...refund, deadlineAt: refundDeadline(ist(c.paidAt), refund) };
    const terms = refundTerms(ist(c.paidAt), opened, ist(c.now));
    expect(terms).toEqual({
      deadline: ist(c.deadline),
      day: c.day,
      late: c.daysLate > 0,
      daysLate: c.daysLate,
      compensationPaise: c.compensationRupees * 100,
    });
  });
});
