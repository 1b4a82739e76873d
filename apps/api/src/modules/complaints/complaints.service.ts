import {
  type ComplaintStatusRequest,
  type ComplaintStatusResponse,
  indianDate,
  isTransactionQuery,
  type Language,
  type RaiseComplaint,
  type RaiseComplaintResponse,
} from '@erti/contracts';
import { paiseOrThrow, paiseOrUndefined, parsePaise, parseRupees } from '@erti/contracts/rupees';
import type { BbpsTxn } from '@erti/protocols';
import type { FastifyBaseLogger } from 'fastify';
import { type KeyedMessage, keyedMessage } from '../../answer-messages.ts';
import type { Database } from '../../db/client.ts';
import type { ComplaintDetails } from '../../db/schema/support.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../errors.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue.ts';
import { translatorFor } from '../../lib/i18n.ts';
import { newId } from '../../lib/ids.ts';
import { findPayer } from '../bills/bills.lookups.ts';
import { orderTotal } from '../payments/order-views.ts';
import {
  type ComplaintNetwork,
  isNetworkFailure,
  onNetwork,
  refusalReason,
  transactionOnNetwork,
  transactionsOnNetwork,
} from './bill-network.ts';
import { acknowledgementMail, supportMail } from './complaint-mail.ts';
import {
  addWorkingDays,
  dispositionFor,
  nextDay,
  RESOLUTION_WORKING_DAYS,
  startOfIndianDay,
} from './complaint-rules.ts';
import {
  type ComplaintRow,
  countComplaintsFromSender,
  findComplaint,
  findComplaintById,
  findOpenComplaintAbout,
  findUserOrdersByMobile,
  insertComplaint,
  updateComplaintStatus,
} from './complaints.repository.ts';
import { checkedScreenshot } from './screenshot.ts';

export const COMPLAINT_MAIL_JOB = 'complaints.mail';
/** A person raises a handful of complaints; more than this from one address in an hour is abuse. */
const COMPLAINTS_PER_HOUR = 10;

export interface Caller {
  userId?: string;
  ip: string;
  /** The request's language: a visitor's acknowledgement is written in it (decision 090). */
  language: Language;
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

/** Someone else's open complaint: said to exist, but not named (its id shows its remarks). */
const openElsewhereMessage = (row: ComplaintRow) =>
  `A complaint about B-Connect Txn ID ${row.txnReferenceId} is already open. Its Complaint ID was sent ` +
  'to the e-mail address given with it.';

/** How many of a customer's own payments on one day are matched against the network's list. */
const OWN_PAYMENTS_OF_A_DAY = 50;

const statusOf = (row: ComplaintRow, remarks = row.remarks): ComplaintStatusResponse => ({
  complaintId: row.complaintId,
  status: row.status,
  remarks,
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
  supportEmail: string;
  trackUrl: string;
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

  async function transactionComplainedAbout(
    input: RaiseComplaint,
    caller: Caller,
  ): Promise<BbpsTxn | undefined> {
    const { txnReferenceId } = input;
    if (!txnReferenceId) return findByPayment(input, caller);
    const txn = await onNetwork(logger, () => transactionOnNetwork(network, txnReferenceId));
    if (txn) return txn;
    throw badRequest(
      `We could not find a Bharat Connect transaction with Reference ID ${txnReferenceId}. Please check it on your receipt, or leave it empty and we will look for the payment by your contact number, date and amount.`,
    );
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
        expectedResolutionDate: addWorkingDays(indianDate(), RESOLUTION_WORKING_DAYS),
        details: detailsOf(input),
        screenshot,
        senderIp: caller.ip,
      });
      const recipients = row.channel === 'local' ? ['customer', 'support'] : ['customer'];
      for (const recipient of recipients) {
        await enqueueJob(
          tx,
          COMPLAINT_MAIL_JOB,
          { complaintRowId: row.id, recipient, language: caller.language },
          { dedupeKey: `complaint-mail:${recipient}:${row.id}` },
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
    const txn = await transactionComplainedAbout(input, caller);
    const open = txn && (await findOpenComplaintAbout(db, txn.txnReferenceId));
    if (open && (!open.userId || open.userId !== caller.userId)) throw conflict(openElsewhereMessage(open));
    if (open) return { created: false, answer: answerFor(open, alreadyOpenMessage(open)) };
    const registration = txn ? await registerOnNetwork(input, txn) : localRegistration(input);
    const row = await store(input, registration, caller, screenshot);
    return { created: true, answer: answerFor(row, registeredMessage(row)) };
  }

  /** A complaint we registered, with the network's latest word (the last known one when it is down). */
  async function refreshed(row: ComplaintRow): Promise<ComplaintStatusResponse> {
    try {
      const answer = await network.trackComplaint({
        complaintType: row.complaintType,
        complaintId: row.complaintId,
      });
      if (answer.responseCode !== '000' || !answer.complaintStatus) return statusOf(row);
      const latest = { status: answer.complaintStatus, remarks: answer.complaintRemarks ?? '' };
      if (latest.status !== row.status || latest.remarks !== row.remarks) {
        await updateComplaintStatus(db, row.id, row.status, latest);
      }
      return statusOf({ ...row, ...latest });
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
      remarks: answer.complaintRemarks ?? '',
      expectedResolutionDate: null,
    };
  }

  async function status(request: ComplaintStatusRequest): Promise<ComplaintStatusResponse> {
    const row = await findComplaint(db, request.complaintId);
    if (!row) return trackedElsewhere(request);
    return row.channel === 'local' ? statusOf(row) : refreshed(row);
  }

  /** The language of a complaint's acknowledgement: the account's when signed in, else the request's. */
  async function languageOf(row: ComplaintRow, requested: unknown): Promise<string | undefined> {
    const account = row.userId ? await findPayer(db, row.userId) : undefined;
    return account?.language ?? (typeof requested === 'string' ? requested : undefined);
  }

  /** The mail job: the customer's acknowledgement, or support's copy of a complaint that is ours to resolve. */
  const mailComplaint: JobHandler = async (job) => {
    const row = await findComplaintById(db, String(job.payload.complaintRowId));
    if (!row) return undefined;
    const mail =
      job.payload.recipient === 'support'
        ? supportMail(row, deps.supportEmail)
        : acknowledgementMail(row, deps.trackUrl, translatorFor(await languageOf(row, job.payload.language)));
    await deps.mailer.send(mail);
    return undefined;
  };

  return { raise, status, mailComplaint };
}

export type ComplaintsService = ReturnType<typeof createComplaintsService>;
