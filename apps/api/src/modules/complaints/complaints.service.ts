import {
  type ComplaintStatusRequest,
  type ComplaintStatusResponse,
  indiaDate,
  isTransactionQuery,
  type MyComplaintsResponse,
  type RaiseComplaint,
  type RaiseComplaintResponse,
} from '@erti/contracts';
import { paiseOrThrow, paiseOrUndefined, parsePaise, parseRupees } from '@erti/contracts/rupees';
import type { BbpsTxn } from '@erti/protocols';
import type { FastifyBaseLogger } from 'fastify';
import { type KeyedMessage, keyedMessage } from '../../answer-messages.ts';
import type { Database } from '../../db/client.ts';
import type { ComplaintDetails } from '../../db/schema/support.ts';
import { badRequest, notFound, tooManyRequests } from '../../errors.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { enqueueJob, type JobHandler, type JobOutcome } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { translatorFor } from '../../lib/i18n.ts';
import { newId } from '../../lib/ids.ts';
import { findPayer } from '../bills/index.ts';
import { orderTotal } from '../payments/index.ts';
import {
  type ComplaintNetwork,
  isNetworkFailure,
  onNetwork,
  refusalReason,
  transactionOnNetwork,
  transactionsOnNetwork,
} from './bill-network.ts';
import { acknowledgementMail, resolutionMail, supportMail } from './complaint-mail.ts';
import { complaintMessages } from './complaint-messages.ts';
import { queueResolutionNotices } from './complaint-notices.ts';
import {
  addWorkingDays,
  dispositionFor,
  isFinished,
  nextDay,
  plainRemarks,
  RESOLUTION_WORKING_DAYS,
  startOfIndianDay,
} from './complaint-rules.ts';
import {
  type ComplaintRow,
  countComplaintsFromSender,
  findComplaint,
  findComplaintById,
  findOpenComplaintAbout,
  findUserComplaints,
  findUserOrdersByMobile,
  insertComplaint,
  updateComplaintStatus,
} from './complaints.repository.ts';
import { findPaymentOwner } from './payer-codes.repository.ts';
import type { PayerVerification } from './payer-verification.ts';
import { checkedScreenshot } from './screenshot.ts';

export const COMPLAINT_MAIL_JOB = 'complaints.mail';
/** Asks the network for an open complaint's latest status until it is over (decision 114). */
export const COMPLAINT_TRACK_JOB = 'complaints.track';
/** How often an open complaint is asked about: the network resolves in days, not minutes. */
const TRACK_EVERY_MS = 60 * 60_000;
/** Hourly for about six weeks, well past the promised resolution; then our team looks (a failed job). */
const TRACK_ATTEMPTS = 1000;
/** A person raises a handful of complaints; more than this from one address in an hour is abuse. */
const COMPLAINTS_PER_HOUR = 10;

export interface Caller {
  userId?: string;
  ip: string;
}

/** Where a new complaint is registered, decided before anything is stored. */
type Registration = Pick<
  ComplaintRow,
  'id' | 'channel' | 'complaintId' | 'complaintType' | 'disposition' | 'txnReferenceId' | 'status' | 'remarks'
>;

/** The typed amount, already refused by the schema when it cannot be read. */
const toPaise = (rupees: number | string) => paiseOrThrow(parseRupees(rupees));

function detailsOf(input: RaiseComplaint): ComplaintDetails {
  return {
    name: input.name,
    email: input.email,
    contactNumber: input.contactNumber,
    initiatedVia: input.initiatedVia,
    transactionDate: input.transactionDate,
    transactionAmountPaise:
      input.transactionAmount === undefined ? undefined : toPaise(input.transactionAmount),
    description: input.description,
  };
}

function answerFor(
  row: ComplaintRow,
  { message, messageKey, messageValues }: KeyedMessage,
): RaiseComplaintResponse {
  return {
    complaintId: row.complaintId,
    status: row.status,
    expectedResolutionDate: row.expectedResolutionDate,
    message,
    messageKey,
    messageValues,
  };
}

const registeredMessage = ({ complaintId, txnReferenceId }: ComplaintRow) =>
  txnReferenceId
    ? keyedMessage('complaints.registeredForTxn', { complaintId, txnReferenceId })
    : keyedMessage('complaints.registered', { complaintId });

const alreadyOpenMessage = ({ complaintId, txnReferenceId }: ComplaintRow) =>
  keyedMessage('complaints.alreadyOpen', { complaintId, txnReferenceId: txnReferenceId ?? '' });

/** How many of a customer's own payments on one day are matched against the network's list. */
const OWN_PAYMENTS_OF_A_DAY = 50;

const statusOf = (row: ComplaintRow, remarks = row.remarks): ComplaintStatusResponse => ({
  complaintId: row.complaintId,
  status: row.status,
  remarks: plainRemarks(remarks),
  expectedResolutionDate: row.expectedResolutionDate,
});

/**
 * Complaints (spec section 2, Complaint): a complaint that names a Bharat Connect transaction is
 * registered on the network as a Transaction complaint with the NPCI disposition for its 'Type of
 * Query'; any other is kept for our support team under our own `cmp_…` id. Either way the customer
 * gets an acknowledgement by e-mail. See docs/decisions (complaints) for the rules.
 */
export function createComplaintsService(deps: {
  db: Database;
  network: ComplaintNetwork;
  mailer: Mailer;
  payers: PayerVerification;
  supportEmail: string;
  trackUrl: string;
  myComplaintsUrl: string;
  clock: Clock;
  logger: FastifyBaseLogger;
}) {
  const { db, network, logger } = deps;

  async function limitSender(ip: string): Promise<void> {
    const recent = await countComplaintsFromSender(db, ip, new Date(Date.now() - 60 * 60 * 1000));
    if (recent >= COMPLAINTS_PER_HOUR) {
      throw tooManyRequests('You have raised several complaints in a short time. Please try again later.');
    }
  }

  /**
   * A payment named without its Txn ID: the one network transaction from this contact number on that
   * day for that amount, among the signed-in caller's own payments. The network answers for any
   * number, and a number proves nobody's payment: a visitor, or a payment that is not the caller's,
   * is left to our team, and no one learns a Txn ID they did not give. Anything else (none, several,
   * the network down) is left to our team too.
   */
  async function findByPayment(input: RaiseComplaint, caller: Caller): Promise<BbpsTxn | undefined> {
    const { transactionDate, transactionAmount } = input;
    if (!caller.userId || !isTransactionQuery(input.queryType) || !transactionDate) return undefined;
    if (transactionAmount === undefined) return undefined;
    const own = await findUserOrdersByMobile(db, {
      userId: caller.userId,
      mobile: input.contactNumber,
      from: startOfIndianDay(transactionDate),
      until: startOfIndianDay(nextDay(transactionDate)),
      limit: OWN_PAYMENTS_OF_A_DAY,
    });
    const ownByReference = new Map(own.map((order) => [order.txnReferenceId, order]));
    if (ownByReference.size === 0) return undefined;
    const typedPaise = toPaise(transactionAmount);
    // The network holds the bill amount; the customer's bank statement and receipt show the total
    // with the convenience fee. Either is the payment.
    const isPayment = (txn: BbpsTxn) => {
      const order = ownByReference.get(txn.txnReferenceId);
      if (!order) return false;
      return paiseOrUndefined(parsePaise(txn.amount)) === typedPaise || orderTotal(order) === typedPaise;
    };
    try {
      const found = await transactionsOnNetwork(network, {
        mobileNo: input.contactNumber,
        fromDate: transactionDate,
        toDate: transactionDate,
      });
      const matching = found.filter(isPayment);
      return matching.length === 1 ? matching[0] : undefined;
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      logger.warn({ err: error }, 'transaction search for a complaint failed; keeping it for support');
      return undefined;
    }
  }

  /**
   * The transaction a complaint is about and whose complaint it is. A Txn ID must be one of our
   * payments, and the caller its payer: signed in as them, or holding the code mailed to them
   * (decision 106). The payer is asked before the network, so a stranger learns nothing more.
   */
  async function transactionComplainedAbout(
    input: RaiseComplaint,
    caller: Caller,
  ): Promise<{ txn?: BbpsTxn; userId?: string }> {
    const { txnReferenceId } = input;
    if (!txnReferenceId) return { txn: await findByPayment(input, caller), userId: caller.userId };
    const userId = await deps.payers.payerOf(txnReferenceId, caller, input.verificationCode);
    const txn = await onNetwork(logger, () => transactionOnNetwork(network, txnReferenceId));
    if (txn) return { txn, userId };
    throw badRequest(complaintMessages.txnNotFound(txnReferenceId));
  }

  async function registerOnNetwork(input: RaiseComplaint, txn: BbpsTxn): Promise<Registration> {
    const disposition = dispositionFor(input.queryType, txn.txnStatus);
    const answer = await onNetwork(logger, () =>
      network.registerComplaint({
        complaintType: 'Transaction',
        txnRefId: txn.txnReferenceId,
        complaintDisposition: disposition,
        complaintDesc: input.description ?? input.queryType,
      }),
    );
    if (answer.responseCode !== '000' || !answer.complaintId) throw badRequest(refusalReason(answer));
    return {
      id: newId('cmp'),
      channel: 'network',
      complaintId: answer.complaintId,
      complaintType: 'Transaction',
      disposition,
      txnReferenceId: txn.txnReferenceId,
      status: 'ASSIGNED',
      remarks: `Assigned to ${answer.complaintAssigned || 'Bharat Connect'}`,
    };
  }

  function localRegistration(input: RaiseComplaint): Registration {
    const id = newId('cmp');
    return {
      id,
      channel: 'local',
      complaintId: id,
      complaintType: isTransactionQuery(input.queryType) ? 'Transaction' : 'Service',
      disposition: null,
      txnReferenceId: null,
      status: 'LOGGED',
      remarks: 'Our support team will look into it and contact you.',
    };
  }

  async function store(
    input: RaiseComplaint,
    registration: Registration,
    caller: Caller,
    screenshot?: string,
  ) {
    return db.transaction(async (tx) => {
      const row = await insertComplaint(tx, {
        ...registration,
        userId: caller.userId,
        queryType: input.queryType,
        expectedResolutionDate: addWorkingDays(indiaDate(), RESOLUTION_WORKING_DAYS),
        details: detailsOf(input),
        screenshot,
        senderIp: caller.ip,
      });
      // The acknowledgement goes to an account's address: a visitor's typed one is never mailed.
      const recipients = [
        ...(row.userId ? ['customer'] : []),
        ...(row.channel === 'local' ? ['support'] : []),
      ];
      for (const recipient of recipients) {
        await enqueueJob(
          tx,
          COMPLAINT_MAIL_JOB,
          { complaintRowId: row.id, recipient },
          { dedupeKey: `complaint-mail:${recipient}:${row.id}` },
        );
      }
      if (row.channel === 'network') {
        await enqueueJob(
          tx,
          COMPLAINT_TRACK_JOB,
          { complaintRowId: row.id },
          {
            runAt: new Date(deps.clock.now().getTime() + TRACK_EVERY_MS),
            dedupeKey: `${COMPLAINT_TRACK_JOB}:${row.id}`,
            maxAttempts: TRACK_ATTEMPTS,
          },
        );
      }
      return row;
    });
  }

  /** Raises a complaint; `created` is false when an open complaint about the same transaction exists. */
  async function raise(
    input: RaiseComplaint,
    caller: Caller,
  ): Promise<{ created: boolean; answer: RaiseComplaintResponse }> {
    await limitSender(caller.ip);
    const screenshot = input.screenshot === undefined ? undefined : checkedScreenshot(input.screenshot);
    const { txn, userId } = await transactionComplainedAbout(input, caller);
    // Only the payer gets here with a Txn ID: they may see the open complaint, whoever raised it.
    const open = txn && (await findOpenComplaintAbout(db, txn.txnReferenceId));
    if (open) return { created: false, answer: answerFor(open, alreadyOpenMessage(open)) };
    const registration = txn ? await registerOnNetwork(input, txn) : localRegistration(input);
    const row = await store(input, registration, { ...caller, userId }, screenshot);
    return { created: true, answer: answerFor(row, registeredMessage(row)) };
  }

  /**
   * Asks the network for a complaint we registered and records its answer; a complaint found over
   * queues its notices in the same transaction (decision 114). The row as now known.
   */
  async function track(row: ComplaintRow): Promise<ComplaintRow> {
    const answer = await network.trackComplaint({
      complaintType: row.complaintType,
      complaintId: row.complaintId,
    });
    if (answer.responseCode !== '000' || !answer.complaintStatus) return row;
    const latest = { status: answer.complaintStatus, remarks: answer.complaintRemarks ?? '' };
    if (latest.status === row.status && latest.remarks === row.remarks) return row;
    await db.transaction(async (tx) => {
      const updated = await updateComplaintStatus(tx, row.id, row.status, latest);
      if (updated && isFinished(updated.status)) await queueResolutionNotices(tx, updated);
    });
    return { ...row, ...latest };
  }

  /** A complaint we registered, with the network's latest word (the last known one when it is down). */
  async function refreshed(row: ComplaintRow): Promise<ComplaintStatusResponse> {
    try {
      return statusOf(await track(row));
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      logger.warn(
        { err: error, complaintId: row.complaintId },
        'complaint tracking failed; answering the last status',
      );
      return statusOf(
        row,
        `${row.remarks} (Bharat Connect is not answering right now; this is the last status we know.)`,
      );
    }
  }

  /** A complaint raised elsewhere (another app or outlet): asked of the network with the type the user chose. */
  async function trackedElsewhere(request: ComplaintStatusRequest): Promise<ComplaintStatusResponse> {
    const complaintType = request.complaintType === 'Service' ? 'Service' : 'Transaction';
    const answer = await onNetwork(logger, () =>
      network.trackComplaint({ complaintType, complaintId: request.complaintId }),
    );
    if (answer.responseCode !== '000' || !answer.complaintStatus) {
      throw notFound(
        `We could not find a complaint with ID ${request.complaintId}. Please check the Complaint ID and the Type of Complaint.`,
      );
    }
    return {
      complaintId: answer.complaintId || request.complaintId,
      status: answer.complaintStatus,
      remarks: plainRemarks(answer.complaintRemarks ?? ''),
      expectedResolutionDate: null,
    };
  }

  async function status(request: ComplaintStatusRequest): Promise<ComplaintStatusResponse> {
    const row = await findComplaint(db, request.complaintId);
    if (!row) return trackedElsewhere(request);
    return row.channel === 'local' ? statusOf(row) : refreshed(row);
  }

  /**
   * Who a complaint's acknowledgement goes to, in their language: the payer of a payment of ours, else
   * the signed-in account; nobody for a visitor's complaint about no payment of ours (decision 106).
   */
  async function acknowledgedTo(row: ComplaintRow) {
    if (row.txnReferenceId) return findPaymentOwner(db, row.txnReferenceId);
    return row.userId ? findPayer(db, row.userId) : undefined;
  }

  async function acknowledgement(row: ComplaintRow) {
    const to = await acknowledgedTo(row);
    if (!to?.email) return undefined;
    return acknowledgementMail(row, to.email, deps.trackUrl, translatorFor(to.language));
  }

  /** The mail job: the customer's acknowledgement, or support's copy of a complaint that is ours to resolve. */
  const mailComplaint: JobHandler = async (job) => {
    const row = await findComplaintById(db, String(job.payload.complaintRowId));
    if (!row) return undefined;
    const mail =
      job.payload.recipient === 'support' ? supportMail(row, deps.supportEmail) : await acknowledgement(row);
    if (mail) await deps.mailer.send(mail);
    return undefined;
  };

  /** The tracking job: an open complaint of ours is asked about every hour until it is over. */
  const trackComplaint: JobHandler = async (job): Promise<JobOutcome> => {
    const row = await findComplaintById(db, String(job.payload.complaintRowId));
    if (row?.channel !== 'network' || isFinished(row.status)) return undefined;
    try {
      if (isFinished((await track(row)).status)) return undefined;
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      logger.warn(
        { err: error, complaintId: row.complaintId },
        'complaint tracking failed; asking again later',
      );
    }
    return { retryAfterMs: TRACK_EVERY_MS };
  };

  /** The notice job's mail: the resolution, to the payer (or the account that raised it), in their language. */
  const mailResolution: JobHandler = async (job) => {
    if (job.payload.channel !== 'mail') return undefined;
    const row = await findComplaintById(db, String(job.payload.complaintRowId));
    const to = row && (await acknowledgedTo(row));
    if (!row || !to?.email) return undefined;
    await deps.mailer.send(resolutionMail(row, to.email, deps.myComplaintsUrl, translatorFor(to.language)));
    return undefined;
  };

  /** My complaints: the caller's own, with their last known status (the tracking job keeps it fresh). */
  async function mine(userId: string): Promise<MyComplaintsResponse> {
    const rows = await findUserComplaints(db, userId);
    return {
      complaints: rows.map((row) => ({
        complaintId: row.complaintId,
        queryType: row.queryType,
        txnReferenceId: row.txnReferenceId,
        status: row.status,
        remarks: plainRemarks(row.remarks),
        expectedResolutionDate: row.expectedResolutionDate,
        raisedAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  }

  return { raise, status, mine, mailComplaint, trackComplaint, mailResolution };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
