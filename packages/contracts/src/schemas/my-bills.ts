import { z } from 'zod';
import { autopayGateways } from '../gateways/gateways.ts';
import { nameValueSchema } from './bills.ts';
import { rupeesFieldSchema } from './common.ts';

/**
 * My Bills (`/api/my-bills`, decision 072): the biller accounts a customer keeps, each with the newest
 * bill the network presented, its state and its reminder setting. Amounts in answers are RUPEES
 * with two decimals ("1234.50"), for display only.
 */

/** A bill whose due date is this many days away or fewer is "due soon". */
export const DUE_SOON_DAYS = 3;

export const myBillStates = ['due', 'due-soon', 'overdue', 'paid', 'no-bill'] as const;
export type MyBillState = (typeof myBillStates)[number];

const nicknameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a nickname')
  .max(40, 'A nickname has at most 40 characters')
  .regex(/^[^\p{Cc}]*$/u, 'A nickname cannot contain control characters');

export const addMyBillRequestSchema = z.object({
  billerId: z.string().trim().min(1, 'billerId is required').max(40),
  customerParams: z.array(nameValueSchema).min(1, 'customerParams is required').max(20),
  nickname: nicknameSchema,
});
export type AddMyBillRequest = z.infer<typeof addMyBillRequestSchema>;

/** `PATCH /api/my-bills/:id`: turn reminders on or off. */
export const updateMyBillRequestSchema = z.object({ remindersOn: z.boolean() });
export type UpdateMyBillRequest = z.infer<typeof updateMyBillRequestSchema>;

export const myBillIdParamsSchema = z.object({ id: z.string().trim().min(1).max(40) });

/**
 * AutoPay of a My Bills entry (decision 079). `pending`: waiting for the customer at the gateway's
 * mandate page; `cancelled`: ended here or revoked at the gateway; `failed`: not authorised.
 */
export const autopayStates = ['pending', 'on', 'paused', 'cancelled', 'failed'] as const;
export type AutopayState = (typeof autopayStates)[number];

/** Pay on the due date (0) or this many days before it. */
export const AUTOPAY_MAX_DAYS_BEFORE = 7;

/** `POST /api/my-bills/:id/autopay`: the cap (the largest bill it may pay, rupees), when, through whom. */
export const turnOnAutopayRequestSchema = z.object({
  cap: rupeesFieldSchema('Cap'),
  daysBefore: z
    .number({ error: 'daysBefore must be a number of days' })
    .int('daysBefore must be a whole number of days')
    .min(0, 'daysBefore cannot be negative')
    .max(AUTOPAY_MAX_DAYS_BEFORE, `AutoPay pays at most ${AUTOPAY_MAX_DAYS_BEFORE} days before the due date`),
  gateway: z.enum(autopayGateways, { error: `gateway must be ${autopayGateways.join(' or ')}` }),
});
export type TurnOnAutopayRequest = z.infer<typeof turnOnAutopayRequestSchema>;

export const autopayDebitStates = [
  'notifying',
  'scheduled',
  'skipped',
  'debiting',
  'paid',
  'failed',
  'not-debited',
  'needs-approval',
] as const;
export type AutopayDebitState = (typeof autopayDebitStates)[number];

/**
 * Why a debit did not happen (decision 084): skipped by the customer, the bill paid by hand, above
 * the customer's cap (needs approval), above RBI's limit without extra authentication, AutoPay
 * paused, the mandate cancelled (here or at the gateway), failed after the gateway's retries, or the
 * biller no longer presenting that bill.
 */
export const autopayDebitOutcomes = [
  'skipped',
  'paid-by-hand',
  'above-cap',
  'above-rbi-limit',
  'paused',
  'mandate-cancelled',
  'failed',
  'bill-changed',
] as const;
export type AutopayDebitOutcome = (typeof autopayDebitOutcomes)[number];

export const autopaySchema = z.object({
  state: z.enum(autopayStates),
  gateway: z.enum(autopayGateways),
  /** The cap in rupees ("5000.00"). */
  cap: z.string(),
  daysBefore: z.number().int(),
  /** The debit of the newest bill, if AutoPay planned one. */
  debit: z
    .object({
      billNumber: z.string(),
      amount: z.string(),
      /** ISO time the debit is due. */
      debitAt: z.string().nullable(),
      state: z.enum(autopayDebitStates),
      orderId: z.string().nullable(),
      /** Why it did not happen, once that is decided; null while it may still happen, or once paid. */
      outcome: z.enum(autopayDebitOutcomes).nullable(),
      /** ISO time that was decided (skipped, ended, failed), or null. */
      decidedAt: z.string().nullable(),
    })
    .nullable(),
});
export type Autopay = z.infer<typeof autopaySchema>;

export const myBillSchema = z.object({
  id: z.string(),
  billerId: z.string(),
  billerName: z.string(),
  billerCategoryName: z.string(),
  nickname: z.string(),
  customerParams: z.array(nameValueSchema),
  remindersOn: z.boolean(),
  state: z.enum(myBillStates),
  /** The newest bill the network presented; null when none is (yet) known. */
  bill: z
    .object({
      billNumber: z.string(),
      customerName: z.string().nullable(),
      amount: z.string(),
      /** The convenience fee we charge beside the amount. */
      convenienceFee: z.string(),
      /** YYYY-MM-DD */
      dueDate: z.string(),
    })
    .nullable(),
  lastCheckedAt: z.string().nullable(),
  /** The entry's AutoPay (decision 079); null when it was never turned on. */
  autopay: autopaySchema.nullable(),
});
export type MyBill = z.infer<typeof myBillSchema>;

/** The one-click unsubscribe link's token (RFC 8058), in its query string. */
export const unsubscribeQuerySchema = z.object({ token: z.string().trim().min(1).max(200) });

/** How the browser goes to the gateway's mandate page: a link (PhonePe) or a form to post (Razorpay). */
export const mandateHandOffSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('GET'), url: z.string() }),
  z.object({ method: z.literal('POST'), url: z.string(), fields: z.record(z.string(), z.string()) }),
]);
export type MandateHandOff = z.infer<typeof mandateHandOffSchema>;

export const turnOnAutopayResponseSchema = z.object({
  autopay: autopaySchema,
  handOff: mandateHandOffSchema,
});
export type TurnOnAutopayResponse = z.infer<typeof turnOnAutopayResponseSchema>;

/** The mandate page's way back (GET for PhonePe, a form POST for Razorpay): our mandate id. */
export const autopayReturnQuerySchema = z.object({ mandate: z.string().trim().min(1).max(40) });
