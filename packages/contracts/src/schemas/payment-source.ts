import { z } from 'zod';
import { billRequestSchema, billResponseSchema } from './bills.ts';
import { rupeesFieldSchema } from './common.ts';

/**
 * What a payment call carries, whichever gateway takes it: what is being paid, its amount and what the
 * server will charge. Apart from payments.ts so each gateway's calls (contracts' gateways/<gateway>/)
 * can extend them without reaching the list of gateways, which payments.ts reads.
 */

/** The ids gateways see (`EP` + 20 letters/digits; PhonePe's 63-char rule). */
export const merchantOrderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, 'merchantOrderId is invalid');

/** The amount of a payment call, in rupees as the screens hold it. */
export const rupeeAmountSchema = rupeesFieldSchema('Amount');

export const planReferenceSchema = z.object({
  id: z.string().max(60).optional(),
  categoryType: z.string().max(60).optional(),
});

/**
 * What is being paid, as the payment screens carry it: a fetched bill (`billReq` + `billRes`) or a
 * validated recharge/payment (`validationReq` + `validationRes`, with `plan` for plan billers). The server
 * only reads `res.response.billFetchId` (the stored fetch/validation of THIS user) and, for plans, `plan.id`;
 * the rest is echoed context. The request halves are optional so a screen may omit them.
 */
export const paymentSourceSchema = z.object({
  billReq: billRequestSchema.optional(),
  billRes: billResponseSchema.partial().optional(),
  validationReq: billRequestSchema.optional(),
  validationRes: billResponseSchema.partial().optional(),
  plan: planReferenceSchema.optional(),
});
export type PaymentSource = z.infer<typeof paymentSourceSchema>;

/** What the server will charge, in paise: the bill (or plan) amount, the biller's convenience fee, total. */
export const chargeSchema = z.object({
  amountPaise: z.number().int(),
  convenienceFeePaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type Charge = z.infer<typeof chargeSchema>;
