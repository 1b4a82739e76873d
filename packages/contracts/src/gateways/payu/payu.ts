import { z } from 'zod';
import { emailSchema } from '../../schemas/email-address.ts';
import { chargeSchema, paymentSourceSchema, rupeeAmountSchema } from '../../schemas/payment-source.ts';
import type { GatewayEntry } from '../gateway.ts';

/** PayU: hosted checkout by a signed form (cards, net banking); no mandates. */
export const payuGateway = { name: 'payu', label: 'PayU', paysBills: true } as const satisfies GatewayEntry;

/**
 * `POST /payu/generate-hash` (Bearer): the spec's payment hash request. `amount` is the bill/plan amount in
 * rupees as shown (without the convenience fee); `productinfo` the biller name; `udf1` the user id.
 */
export const payuHashRequestSchema = paymentSourceSchema.extend({
  mode: z.string().max(20).optional(),
  amount: rupeeAmountSchema,
  phone: z.string().max(20).optional(),
  firstname: z.string().max(60).optional(),
  lastname: z.string().max(60).optional(),
  email: emailSchema.optional(),
  productinfo: z.string().max(100).optional(),
  udf1: z.string().max(255).optional(),
});
export type PayuHashRequest = z.infer<typeof payuHashRequestSchema>;

/** Exactly what the browser posts (hidden form) to `action`, PayU's `_payment` URL. `amount` = total, 2 dp. */
export const payuFormFieldsSchema = z.object({
  key: z.string(),
  txnid: z.string(),
  amount: z.string(),
  productinfo: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  udf1: z.string(),
  hash: z.string(),
  surl: z.string(),
  furl: z.string(),
});
export type PayuFormFields = z.infer<typeof payuFormFieldsSchema>;
export const payuHashResponseSchema = z.object({
  txnid: z.string(),
  hash: z.string(),
  orderId: z.string(),
  action: z.string(),
  fields: payuFormFieldsSchema,
  charge: chargeSchema,
});
export type PayuHashResponse = z.infer<typeof payuHashResponseSchema>;
