import { z } from 'zod';
import { PHONE_LENGTH } from '../constants.ts';
import { type AmountReading, parsePaise, parseRupees } from '../rupees.ts';

export const phoneSchema = z
  .string()
  .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `Phone number must be exactly ${PHONE_LENGTH} digits`);
/**
 * The variables of a keyed message. A value named `…Paise` is an amount in paise and one named `…At`
 * an ISO instant: the reader formats them for its language (a day in India for an instant).
 */
export const messageValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type MessageValues = z.infer<typeof messageValuesSchema>;

/**
 * A plain `{ message }` answer, the shape most of the spec's calls use. `message` is the English;
 * where the api keys the sentence, `messageKey` and `messageValues` let the site say it in the
 * customer's language (decision 099).
 */
export const messageResponseSchema = z.object({
  message: z.string(),
  messageKey: z.string().optional(),
  messageValues: messageValuesSchema.optional(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The one error body the api returns for every 4xx and 5xx. */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  /**
   * A stable name of the message (`otp.invalid`), so the web site can show it in the customer's
   * language; `message` stays the English text. `messageValues` fills the message's variables.
   */
  messageKey: z.string().optional(),
  messageValues: messageValuesSchema.optional(),
  requestId: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * Rupees as a client sends them (499, 499.5, "499.50"), more than zero, read by the one rupee parser:
 * a refusal names the field and says why ('Transaction Amount must have at most two decimals').
 */
export const rupeesFieldSchema = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .superRefine((amount, context) => refuseUnlessAmount(parseRupees(amount), label, context));

/** Paise as a client sends them (a JSON integer), more than zero, read by the same parser. */
export const paiseFieldSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .superRefine((amount, context) => refuseUnlessAmount(parsePaise(amount), label, context));

function refuseUnlessAmount(reading: AmountReading, label: string, context: z.RefinementCtx): void {
  const problem = reading.ok ? reading.paise === 0 && 'Amount must be greater than 0' : reading.reason;
  if (problem) context.addIssue({ code: 'custom', message: problem.replace(/^Amount/, label) });
}
