import { z } from 'zod';
import {
  chargeSchema,
  merchantOrderIdSchema,
  paymentSourceSchema,
  rupeeAmountSchema,
} from '../../schemas/payment-source.ts';
import type { GatewayEntry } from '../gateway.ts';

/** PhonePe PG: its pay page (UPI, its wallet), and AutoPay's mandates with a ₹2 penny-drop, returned. */
export const phonepeGateway = {
  name: 'phonepe',
  label: 'PhonePe',
  paysBills: true,
  autopay: { authorisationPaise: 200 },
} as const satisfies GatewayEntry;

/**
 * `POST /phonepe/pay` (Bearer). `amount` in rupees as shown (without the convenience fee). The server assigns
 * the merchantOrderId (a client-sent one is accepted for compatibility and ignored) and answers it.
 */
export const phonepePayRequestSchema = paymentSourceSchema.extend({
  amount: rupeeAmountSchema,
  merchantOrderId: merchantOrderIdSchema.optional(),
});
export type PhonepePayRequest = z.infer<typeof phonepePayRequestSchema>;
export const phonepePayResponseSchema = z.object({
  redirectUrl: z.string(),
  merchantOrderId: z.string(),
  orderId: z.string(),
  charge: chargeSchema,
});
export type PhonepePayResponse = z.infer<typeof phonepePayResponseSchema>;

/** PhonePe's S2S callback body (checked after its `Authorization` header). */
export const phonepeCallbackSchema = z.object({
  type: z.string().max(60).optional(),
  event: z.string().max(60),
  payload: z.looseObject({
    merchantOrderId: z.string().max(63).optional(),
    /** Refund events name the order and the refund instead. */
    originalMerchantOrderId: z.string().max(63).optional(),
    refundId: z.string().max(64).optional(),
    orderId: z.string().max(64).optional(),
    state: z.string().max(30).optional(),
    paymentDetails: z.array(z.looseObject({ transactionId: z.string().max(64).optional() })).optional(),
    /** AutoPay: a subscription's own events name it; its orders' events name it in their flow. */
    merchantSubscriptionId: z.string().max(63).optional(),
    paymentFlow: z
      .looseObject({
        type: z.string().max(40).optional(),
        merchantSubscriptionId: z.string().max(63).optional(),
      })
      .optional(),
  }),
});
export type PhonepeCallbackBody = z.infer<typeof phonepeCallbackSchema>;
