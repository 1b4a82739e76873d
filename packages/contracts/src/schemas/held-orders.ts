import { z } from 'zod';
import { gatewaySchema } from '../gateways/gateways.ts';
import { REFUND_REMARK_MAX } from './merchant.ts';

/**
 * Orders held for a person (status NEEDS_ATTENTION): the gateway answered about the charge, but an
 * amount, a status or an id in that answer could not be read. The merchant dashboard lists them with
 * the answer as it came, and a person resolves each one after checking the gateway's own dashboard.
 * docs/decisions/062-held-charges.md.
 */

export const heldOrderSchema = z.object({
  orderId: z.string(),
  merchantOrderId: z.string(),
  gateway: gatewaySchema,
  billerName: z.string().nullable(),
  /** Who paid, as the order recorded them. */
  customer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** Paise the order asked for: bill amount and convenience fee. */
  totalPaise: z.number().int(),
  /** ISO date-time the order was made. */
  createdAt: z.string(),
  /** ISO date-time it was held. */
  heldAt: z.string(),
  /** What could not be read: 'amount', 'status' or 'id', with the provider's field name. */
  unreadable: z.string(),
  /** The gateway call that answered it. */
  gatewayCall: z.string(),
  /** The gateway's answer as it came, as indented JSON. */
  answer: z.string(),
});
export type HeldOrder = z.infer<typeof heldOrderSchema>;

export const heldOrdersResponseSchema = z.object({ orders: z.array(heldOrderSchema) });
export type HeldOrdersResponse = z.infer<typeof heldOrdersResponseSchema>;

export const heldOrderParamsSchema = z.object({ orderId: z.string().min(1).max(80) });

/** Why the person decided so: required, kept on the order's history with who decided. */
const resolutionNote = z
  .string({ error: 'Please say why (what the gateway shows)' })
  .trim()
  .min(1, 'Please say why (what the gateway shows)')
  .max(REFUND_REMARK_MAX, `A reason can be at most ${REFUND_REMARK_MAX} characters`);

const gatewayPaymentId = z
  .string({ error: "Please enter the gateway's payment id" })
  .trim()
  .min(1, "Please enter the gateway's payment id")
  .max(64, 'A payment id can be at most 64 characters');

export const heldOrderActions = ['mark-paid', 'refund', 'no-charge'] as const;
export type HeldOrderAction = (typeof heldOrderActions)[number];

/**
 * A person's decision: `mark-paid` (the gateway shows the order's total was taken: the bill is paid),
 * `refund` (it shows `amount` paise taken: all of it goes back), `no-charge` (it shows no charge).
 */
export const heldOrderResolutionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('mark-paid'), note: resolutionNote, gatewayPaymentId }).strict(),
    z
      .object({
        action: z.literal('refund'),
        note: resolutionNote,
        gatewayPaymentId,
        /** Paise the gateway shows as captured. */
        amount: z
          .number({ error: 'Please enter the amount the gateway shows, in paise' })
          .int('Amount must be whole paise')
          .positive('Amount must be greater than 0'),
      })
      .strict(),
    z.object({ action: z.literal('no-charge'), note: resolutionNote }).strict(),
  ],
  { error: `action must be one of ${heldOrderActions.join(', ')}` },
);
export type HeldOrderResolution = z.infer<typeof heldOrderResolutionSchema>;
