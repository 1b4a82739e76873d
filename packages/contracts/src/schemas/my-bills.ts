import { z } from 'zod';
import { nameValueSchema } from './bills.ts';

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
});
export type MyBill = z.infer<typeof myBillSchema>;

/** The one-click unsubscribe link's token (RFC 8058), in its query string. */
export const unsubscribeQuerySchema = z.object({ token: z.string().trim().min(1).max(200) });
