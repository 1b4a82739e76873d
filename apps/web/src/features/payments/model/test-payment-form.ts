import { emailSchema, phoneSchema } from '@erti/contracts';
import { paiseOrUndefined, parseRupees } from '@erti/contracts/rupees';
import { z } from 'zod';

/** The test payment page accepts ₹1 to ₹1,00,000 (the api's bounds for test orders). */
export const TEST_PAYMENT_MIN_PAISE = 100;
export const TEST_PAYMENT_MAX_PAISE = 10_000_000;

const inRange = (text: string) => {
  const paise = paiseOrUndefined(parseRupees(text, 'typed'));
  return paise !== undefined && paise >= TEST_PAYMENT_MIN_PAISE && paise <= TEST_PAYMENT_MAX_PAISE;
};

export const testPaymentFormSchema = z.object({
  // A message id: the form shows it in the site's language.
  amount: z.string().trim().refine(inRange, 'payments.testPayment.amountRange'),
  email: emailSchema,
  contact: phoneSchema,
});
export type TestPaymentValues = z.infer<typeof testPaymentFormSchema>;

/** Razorpay's receipt: our own random 13-character reference (the spec asks for 8 to 15). */
export function randomReceipt(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const random = crypto.getRandomValues(new Uint8Array(8));
  return `rcpt_${Array.from(random, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}
