import { z } from 'zod';
import type { GatewayEntry } from '../gateway.ts';

/**
 * Razorpay: the test payment page (`/bbps`) and AutoPay's recurring payments, set up with ₹1 authorised
 * and never captured; not offered for bills.
 */
export const razorpayGateway = {
  name: 'razorpay',
  label: 'Razorpay',
  paysBills: false,
  autopay: { authorisationPaise: 100 },
} as const satisfies GatewayEntry;

/**
 * `POST /bbps/pg/create-order` (Bearer): the test payment page through Razorpay. `amount` in PAISE
 * (₹1 to ₹1,00,000); `receipt` random, 8-15 characters.
 */
export const createOrderRequestSchema = z.object({
  amount: z
    .number()
    .int('Amount must be in whole paise')
    .min(100, 'Amount must be at least ₹1')
    .max(10_000_000, 'Amount must be at most ₹1,00,000'),
  currency: z.literal('INR'),
  receipt: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,15}$/, 'receipt must be 8 to 15 letters or digits'),
  notes: z.record(z.string().max(40), z.string().max(256)).optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;
/** `id` is Razorpay's `order_…`; the browser posts key_id=keyId, order_id=id, ... to `checkoutUrl`. */
export const createOrderResponseSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string(),
  keyId: z.string(),
  checkoutUrl: z.string(),
  callbackUrl: z.string(),
  cancelUrl: z.string(),
  orderId: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** Razorpay's webhook body (parsed only after its signature over the raw bytes is checked). */
export const razorpayWebhookSchema = z.looseObject({
  event: z.string().max(60),
  payload: z.looseObject({
    payment: z
      .object({
        entity: z.looseObject({
          id: z.string(),
          order_id: z.string().nullable().optional(),
          /** Recurring payments: the token (mandate) it was made on or authorised. */
          token_id: z.string().nullable().optional(),
        }),
      })
      .optional(),
    refund: z.object({ entity: z.looseObject({ id: z.string() }) }).optional(),
    order: z
      .object({ entity: z.looseObject({ id: z.string(), receipt: z.string().nullable().optional() }) })
      .optional(),
    token: z.object({ entity: z.looseObject({ id: z.string() }) }).optional(),
  }),
});
export type RazorpayWebhookBody = z.infer<typeof razorpayWebhookSchema>;
