import { z } from 'zod';
import { PHONE_LENGTH } from '../constants.ts';
import { indiaDate } from '../india-time.ts';
import { messageValuesSchema, rupeesFieldSchema } from './common.ts';
import { emailAddressSchema } from './email-address.ts';

/** The complaint form's 'Type of Query' choices (spec section 2). */
export const queryTypes = [
  'Refund',
  'Failed transaction',
  'Money debited but no confirmation',
  'Transaction ID not received',
  'Others',
] as const;
export type QueryType = (typeof queryTypes)[number];

/**
 * The status form's 'Type of Complaint'. 'Technical' is a complaint about a transaction (the network's
 * Transaction complaint); 'Service' one about the service itself. See docs/decisions (complaints).
 */
export const complaintTypes = ['Service', 'Technical'] as const;
export type ComplaintType = (typeof complaintTypes)[number];

/** Largest transaction screenshot accepted, in decoded bytes. */
export const MAX_SCREENSHOT_BYTES = 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The widest date range a transaction search may span, in days. */
export const MAX_TRANSACTION_QUERY_DAYS = 90;

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
};

/** A calendar date (YYYY-MM-DD) that is not later than today in India. */
const pastDate = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isRealDate, `${label} is not a real date`)
    .refine((value) => value <= indiaDate(), `${label} cannot be in the future`);

/** A required text field: missing, blank or not text all get the same plain request. */
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

const tenDigits = (label: string) =>
  z
    .string({ error: `Please enter the ${label}` })
    .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `${label} must be exactly ${PHONE_LENGTH} digits`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || undefined)
    .optional();

/** A B-Connect Txn ID: letters and digits as printed on the receipt (20 characters on the network). */
const txnReferenceIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8,40}$/, 'Transaction Reference ID should be 8 to 40 letters and digits');

/** A screenshot as the browser sends it: a base64 data URL of a PNG, JPEG or WebP image. */
const screenshotSchema = z
  .string()
  .max(Math.ceil((MAX_SCREENSHOT_BYTES * 4) / 3) + 64, 'The screenshot must be 1 MB or smaller')
  .regex(
    /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/,
    'The screenshot must be a PNG, JPEG or WebP image',
  );

/** The 6-digit code mailed to a payment's payer before a complaint about it (decision 106). */
const verificationCodeSchema = z
  .string({ error: 'Please enter the 6-digit code from the e-mail' })
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit code from the e-mail');

/** The query types that are about one transaction: the form asks for its date, amount and channel. */
export const isTransactionQuery = (queryType: QueryType) => queryType !== 'Others';

/**
 * Raise a complaint (spec section 2, Raise form). For a transaction query the channel, date and amount
 * are required; the B-Connect Txn ID is optional (a user whose payment was never confirmed has none: we
 * look the transaction up by contact number, date and amount). 'Others' needs a description instead.
 */
export const raiseComplaintRequestSchema = z
  .object({
    name: requiredText('Please enter your name', 100),
    queryType: z.enum(queryTypes, { error: 'Please choose the type of query' }),
    contactNumber: tenDigits('Contact Number'),
    email: emailAddressSchema('Please enter a valid Email ID', 'Please enter your Email ID'),
    initiatedVia: optionalText(100),
    transactionDate: pastDate('Transaction Date').optional(),
    transactionAmount: rupeesFieldSchema('Transaction Amount').optional(),
    txnReferenceId: txnReferenceIdSchema.optional(),
    screenshot: screenshotSchema.optional(),
    description: optionalText(2000),
    /**
     * The code mailed to the payer's address (`POST /complaints/verification`): how someone not signed
     * in as the payer shows the payment is theirs (decision 106). Not part of the spec's body.
     */
    verificationCode: verificationCodeSchema.optional(),
  })
  .superRefine((complaint, context) => {
    const missing = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (!isTransactionQuery(complaint.queryType)) {
      if (!complaint.description) missing('description', 'Please describe your complaint');
      return;
    }
    if (!complaint.initiatedVia) missing('initiatedVia', 'Please tell us where you made the payment');
    if (!complaint.transactionDate) missing('transactionDate', 'Please enter the Transaction Date');
    if (complaint.transactionAmount === undefined)
      missing('transactionAmount', 'Please enter the Transaction Amount');
  });
export type RaiseComplaintRequest = z.input<typeof raiseComplaintRequestSchema>;

/** Complaint statuses: the network's (ASSIGNED, RE-ASSIGNED, ESCALATED, RESOLVED, CLOSED) and LOGGED. */
export const raiseComplaintResponseSchema = z.object({
  complaintId: z.string(),
  status: z.string(),
  /** YYYY-MM-DD. */
  expectedResolutionDate: z.string(),
  message: z.string(),
  messageKey: z.string().optional(),
  messageValues: messageValuesSchema.optional(),
});
export type RaiseComplaintResponse = z.infer<typeof raiseComplaintResponseSchema>;

/** Ask for a code, mailed to the e-mail on the payment with this B-Connect Txn ID (decision 106). */
export const complaintVerificationRequestSchema = z.object({
  txnReferenceId: z
    .string({ error: 'Please enter the Bharat Connect Transaction Reference ID' })
    .pipe(txnReferenceIdSchema),
});
export type ComplaintVerificationRequest = z.input<typeof complaintVerificationRequestSchema>;

/** Where the code went, masked (a***@g***.com): the caller learns no more of the payer's address. */
export const complaintVerificationResponseSchema = z.object({
  sentTo: z.string(),
  message: z.string(),
  messageKey: z.string().optional(),
  messageValues: messageValuesSchema.optional(),
});
export type ComplaintVerificationResponse = z.infer<typeof complaintVerificationResponseSchema>;

export const complaintStatusRequestSchema = z.object({
  complaintId: requiredText('Please enter the Complaint ID', 40).regex(
    /^[A-Za-z0-9_-]+$/,
    'Complaint ID should be letters and digits',
  ),
  complaintType: z.enum(complaintTypes, { error: 'Please choose the type of complaint' }),
});
export type ComplaintStatusRequest = z.input<typeof complaintStatusRequestSchema>;

export const complaintStatusResponseSchema = z.object({
  complaintId: z.string(),
  status: z.string(),
  remarks: z.string(),
  /** YYYY-MM-DD, when known (complaints raised with us). */
  expectedResolutionDate: z.string().nullable(),
});
export type ComplaintStatusResponse = z.infer<typeof complaintStatusResponseSchema>;

/**
 * One of a signed-in customer's own complaints (`GET /api/complaints/mine`, decision 114): its
 * latest known status and the network's remarks in plain words, newest first.
 */
export const myComplaintSchema = z.object({
  complaintId: z.string(),
  queryType: z.string(),
  /** The B-Connect Txn ID it is about, when it names a payment. */
  txnReferenceId: z.string().nullable(),
  status: z.string(),
  remarks: z.string(),
  /** YYYY-MM-DD */
  expectedResolutionDate: z.string(),
  /** ISO 8601 */
  raisedAt: z.string(),
  /** ISO 8601: when its status or remarks last changed. */
  updatedAt: z.string(),
});
export type MyComplaint = z.infer<typeof myComplaintSchema>;
export const myComplaintsResponseSchema = z.object({ complaints: z.array(myComplaintSchema) });
export type MyComplaintsResponse = z.infer<typeof myComplaintsResponseSchema>;

/**
 * Transaction Queries: a B-Connect Txn ID, or a mobile number with a date range (To not before From,
 * neither in the future, at most 90 days). Exactly one of the two ways.
 */
export const transactionQueryRequestSchema = z
  .object({
    txnReferenceId: txnReferenceIdSchema.optional(),
    mobileNumber: tenDigits('Mobile Number').optional(),
    fromDate: pastDate('From Date').optional(),
    toDate: pastDate('To Date').optional(),
  })
  .superRefine((query, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (query.txnReferenceId) return;
    if (!query.mobileNumber) {
      issue('mobileNumber', 'Enter a Mobile Number with From and To dates, or a Transaction Reference ID');
      return;
    }
    if (!query.fromDate) issue('fromDate', 'Please choose the From Date');
    if (!query.toDate) issue('toDate', 'Please choose the To Date');
    if (!query.fromDate || !query.toDate) return;
    if (query.toDate < query.fromDate) issue('toDate', 'To Date cannot be before From Date');
    else if (daysBetween(query.fromDate, query.toDate) > MAX_TRANSACTION_QUERY_DAYS)
      issue('toDate', `Please choose a range of at most ${MAX_TRANSACTION_QUERY_DAYS} days`);
  });
export type TransactionQueryRequest = z.input<typeof transactionQueryRequestSchema>;

export const bbpsTxnStatusSchema = z.enum(['SUCCESS', 'FAILURE', 'PENDING']);

/**
 * One transaction found. Biller and amounts are null when the caller may only see the status (a
 * Txn ID search for a payment that is not theirs). The caller's own payment is told as its receipt
 * tells it: the same time and the same total, with both parts (decision 063).
 */
export const queriedTransactionSchema = z.object({
  txnReferenceId: z.string(),
  status: bbpsTxnStatusSchema,
  /** ISO date-time: when the customer paid (of another's payment, the network's time). */
  txnDate: z.string(),
  billerName: z.string().nullable(),
  /** The bill amount, paise. */
  amountPaise: z.number().int().nullable(),
  convenienceFeePaise: z.number().int().nullable(),
  /** What the customer paid: the bill amount and the convenience fee, paise. */
  totalPaise: z.number().int().nullable(),
});
export type QueriedTransaction = z.infer<typeof queriedTransactionSchema>;

export const transactionQueryResponseSchema = z.object({ transactions: z.array(queriedTransactionSchema) });
export type TransactionQueryResponse = z.infer<typeof transactionQueryResponseSchema>;

/** What the api reads once a raise request passed validation (blank optional texts dropped). */
export type RaiseComplaint = z.output<typeof raiseComplaintRequestSchema>;
export type TransactionQuery = z.output<typeof transactionQueryRequestSchema>;
