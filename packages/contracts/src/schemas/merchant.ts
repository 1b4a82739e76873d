import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { gatewaySchema } from '../gateways/gateways.ts';
import { messages } from '../messages.ts';
import { paiseFieldSchema } from './common.ts';
import { merchantOrderIdSchema } from './payment-source.ts';
import { refundStatusSchema } from './payments.ts';

/**
 * The merchant dashboard's calls (spec section 7: `/phonepe/merchant/history`, `/phonepe/merchant/refunds`,
 * `/phonepe/refund`). Amounts are RUPEES, as the dashboard shows them; the refund request's `amount` is
 * PAISE (an integer, never a float on money). An empty (or absent) body answers the spec's plain list; a body with
 * any field answers one page (docs/decisions/016-merchant-dashboard.md).
 */

/**
 * A transaction's status as the merchant reads it (spec section 4: COMPLETED, FAILED, PENDING, others
 * as they are): a bill paid, a payment that failed, one still moving, money going back, or a charge a
 * person must check at the gateway (NEEDS_ATTENTION, decision 062).
 */
export const merchantTransactionStatusSchema = z.enum([
  'COMPLETED',
  'FAILED',
  'PENDING',
  'REFUND_PENDING',
  'REFUNDED',
  'NEEDS_ATTENTION',
]);
export type MerchantTransactionStatus = z.infer<typeof merchantTransactionStatusSchema>;

const pageSizeSchema = z
  .number()
  .int()
  .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
    message: `Page size must be one of ${PAGE_SIZES.join(', ')}`,
  });

const listFilters = {
  /** The start of an order id: ours (`ord_…`), the gateway's (merchantOrderId) or its transaction id. */
  search: z.string().trim().max(80).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: pageSizeSchema.optional(),
};

export const merchantHistoryRequestSchema = z
  .object({ ...listFilters, status: merchantTransactionStatusSchema.optional() })
  .strict()
  .nullish();
export type MerchantHistoryRequest = z.infer<typeof merchantHistoryRequestSchema>;

export const merchantRefundsRequestSchema = z.object(listFilters).strict().nullish();
export type MerchantRefundsRequest = z.infer<typeof merchantRefundsRequestSchema>;

export const merchantTransactionSchema = z.object({
  /** ISO date-time the customer paid: the transaction's time every surface shows (decision 063). */
  date: z.string(),
  /** Rupees the customer paid (bill amount and convenience fee). */
  amount: z.number(),
  /** Rupees of the bill, the first part of `amount`. */
  billAmount: z.number(),
  /** Rupees of the convenience fee, the second part of `amount`. */
  convenienceFee: z.number(),
  merchantOrderId: z.string(),
  status: merchantTransactionStatusSchema,
  /** 'UPI', 'Credit Card', ...; null before the gateway said how the customer paid. */
  paymentMode: z.string().nullable(),
  orderId: z.string(),
  /** The gateway's payment id; null before there is one. */
  transactionId: z.string().nullable(),
  gateway: gatewaySchema.nullable(),
  billerName: z.string().nullable(),
  /** Rupees refunded or being refunded so far. */
  refundedAmount: z.number(),
  /** Rupees a merchant refund may still return now (0 when the order cannot be refunded). */
  refundableAmount: z.number(),
});
export type MerchantTransaction = z.infer<typeof merchantTransactionSchema>;

export const merchantRefundSchema = z.object({
  /** ISO date-time the refund was asked for. */
  refundInitiatedAt: z.string(),
  refundId: z.string(),
  /** Rupees. */
  refundAmount: z.number(),
  paymentMode: z.string().nullable(),
  refundStatus: refundStatusSchema,
  merchantOrderId: z.string(),
  refundNote: z.string(),
  gateway: gatewaySchema,
  /** Who asked: the merchant's e-mail, or 'System' for automatic refunds of failed bill payments. */
  requestedBy: z.string(),
  /**
   * ISO date-time of the deadline (decision 063): the end of day T+5 in India for an automatic refund
   * (T the day the customer paid, whatever retries followed), of the fifth day after the request for
   * a merchant's refund.
   */
  deadline: z.string(),
  /** ISO date-time the gateway completed the refund; null until then. */
  completedAt: z.string().nullable(),
  /** Days (in India) from T, or from a merchant's request, to today or to the day the refund ended: 0 on that day. */
  ageDays: z.number().int(),
  /** Past the deadline without being completed, or completed after it. */
  late: z.boolean(),
  /** Rupees of RBI compensation owed to the customer (₹100 a day late; automatic refunds only), 0 when none. */
  compensationOwed: z.number(),
});
export type MerchantRefund = z.infer<typeof merchantRefundSchema>;

const pageFields = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

export const merchantHistoryPageSchema = z.object({
  transactions: z.array(merchantTransactionSchema),
  ...pageFields,
});
export type MerchantHistoryPage = z.infer<typeof merchantHistoryPageSchema>;
export const merchantHistoryResponseSchema = z.union([
  z.array(merchantTransactionSchema),
  merchantHistoryPageSchema,
]);
export type MerchantHistoryResponse = z.infer<typeof merchantHistoryResponseSchema>;

export const merchantRefundsPageSchema = z.object({ refunds: z.array(merchantRefundSchema), ...pageFields });
export type MerchantRefundsPage = z.infer<typeof merchantRefundsPageSchema>;
export const merchantRefundsResponseSchema = z.union([
  z.array(merchantRefundSchema),
  merchantRefundsPageSchema,
]);
export type MerchantRefundsResponse = z.infer<typeof merchantRefundsResponseSchema>;

export const REFUND_REMARK_MAX = 500;

export const refundRequestSchema = z.object({
  merchantOrderId: merchantOrderIdSchema,
  refundNote: z
    .string({ error: messages.validation.refundRemark })
    .trim()
    .min(1, messages.validation.refundRemark)
    .max(REFUND_REMARK_MAX, `A remark can be at most ${REFUND_REMARK_MAX} characters`),
  /** Paise; absent means everything not yet refunded. */
  amount: paiseFieldSchema('Amount').optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * `Idempotency-Key`: the same key on the same order answers the first request's refund again instead
 * of moving money twice. The dashboard sends a fresh key each time the confirm modal opens.
 */
export const refundHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')
    .optional(),
});
