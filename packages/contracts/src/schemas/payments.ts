import { z } from 'zod';
import { gatewaySchema } from '../gateways/gateways.ts';
import { nameValueSchema } from './bills.ts';
import { errorResponseSchema } from './common.ts';
import {
  chargeSchema,
  merchantOrderIdSchema,
  paymentSourceSchema,
  rupeeAmountSchema,
} from './payment-source.ts';

/**
 * The money path's calls (spec section 7, Payments). Amounts: the spec's browser-facing `amount` fields are
 * RUPEES (number or string, as the screens show them) except `/bbps/pg/create-order`, whose `amount` is PAISE
 * like Razorpay's. Every `*Paise` field and every amount of an order summary is integer PAISE.
 * The server always decides what is charged; a client amount only has to agree with it.
 */

export const orderStatusSchema = z.enum([
  'CREATED',
  'PAYMENT_PENDING',
  'PAID',
  'PAYMENT_FAILED',
  'BILL_PENDING',
  'SUCCESS',
  'BILL_FAILED',
  'REFUND_PENDING',
  'REFUNDED',
  /** The gateway's answer about the charge could not be read: held for a person (decision 062). */
  'NEEDS_ATTENTION',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const orderKindSchema = z.enum(['bill', 'recharge', 'test']);
export type OrderKind = z.infer<typeof orderKindSchema>;

/** Our order ids (`ord_…`). */
export const orderIdSchema = z.string().regex(/^ord_[A-Za-z0-9]{1,40}$/, 'orderId is invalid');

/**
 * `POST /orders/quote` (Bearer): what paying this source would cost, shown on /payment-selection before the
 * user picks a gateway. Creates nothing. `amount` (rupees, optional) is checked like the pay calls check it.
 */
export const quoteRequestSchema = paymentSourceSchema.extend({ amount: rupeeAmountSchema.optional() });
export const quoteResponseSchema = chargeSchema.extend({
  kind: orderKindSchema,
  billerId: z.string(),
  billerName: z.string(),
  category: z.string(),
  customerParams: z.array(nameValueSchema),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/**
 * Where the customer's money is, decided once by the api from the order and its refunds (decision 108);
 * every surface tells this rather than the order's status (REFUNDED also ends a partial refund):
 * - `pending`: the gateway has not confirmed whether it took the money (or a person is checking);
 * - `charged`: taken and kept (the bill is being paid, or was);
 * - `nothing-taken`: the payment failed and the gateway confirmed no charge;
 * - `refund-started`: money is on its way back, due by `refundDeadline`;
 * - `refunded`: all of it came back, the last part on `refundedAt`;
 * - `partly-refunded`: `refundedPaise` of `paidPaise` came back (a merchant's partial refund).
 */
export const moneyStateSchema = z.enum([
  'pending',
  'charged',
  'nothing-taken',
  'refund-started',
  'refunded',
  'partly-refunded',
]);
export type MoneyState = z.infer<typeof moneyStateSchema>;
/** An order's money in paise: what was taken, what came back, what is on its way back, and when. */
export const orderMoneySchema = z.object({
  state: moneyStateSchema,
  /** Taken by the gateway (0 when nothing was; the order's total while not yet confirmed). */
  paidPaise: z.number().int(),
  /** Refunds completed. */
  refundedPaise: z.number().int(),
  /** Refunds on their way (refund-started). */
  refundingPaise: z.number().int(),
  /** refund-started: the last instant the refund may reach the customer on time (decision 063). */
  refundDeadline: z.string().nullable(),
  /** refunded, partly-refunded: when the last refund completed. */
  refundedAt: z.string().nullable(),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

/** `POST /phonepe/pay/status` (Bearer, own orders). Also accepts our `ord_…` id. */
export const paymentStatusRequestSchema = z.object({ merchantOrderId: merchantOrderIdSchema });
/** The spec's status modal shows every field generically; `status` drives colour and polling. */
export const paymentStatusSchema = z.enum(['COMPLETED', 'FAILED', 'PENDING']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentStatusResponseSchema = z.object({
  status: paymentStatusSchema,
  merchantOrderId: z.string(),
  orderId: z.string(),
  /** Rupees of the bill, 2 decimals. */
  billAmount: z.string(),
  /** Rupees of the convenience fee, 2 decimals. */
  convenienceFee: z.string(),
  /** Rupees charged (bill amount + convenience fee), 2 decimals. */
  amount: z.string(),
  paymentMode: z.string().nullable(),
  transactionId: z.string().nullable(),
  billerName: z.string().nullable(),
  txnReferenceId: z.string().nullable(),
  approvalRefNum: z.string().nullable(),
  /** When the customer paid, in India time as every surface writes it: '22 Nov 2025, 1:45 am IST'. */
  transactionTime: z.string(),
  orderStatus: orderStatusSchema,
  message: z.string(),
  /** Where the money is: the modal's sentence above the fields, in the reader's language (decision 111). */
  money: orderMoneySchema,
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** An order as the user's transaction list and receipt show it. Amounts in paise. */
export const orderSummarySchema = z.object({
  orderId: z.string(),
  merchantOrderId: z.string(),
  kind: orderKindSchema,
  status: orderStatusSchema,
  gateway: gatewaySchema.nullable(),
  amount: z.number().int(),
  convenienceFee: z.number().int(),
  total: z.number().int(),
  billerId: z.string().nullable(),
  billerName: z.string().nullable(),
  category: z.string().nullable(),
  customerParams: z.array(z.object({ name: z.string(), value: z.string() })),
  billNumber: z.string().nullable(),
  planId: z.string().nullable(),
  /** The B-Connect Txn ID (20 characters) once the network accepted the payment. */
  txnReferenceId: z.string().nullable(),
  approvalRefNum: z.string().nullable(),
  paymentMode: z.string().nullable(),
  /** The gateway's payment id (PayU mihpayid, PhonePe transactionId, Razorpay pay_…). */
  transactionId: z.string().nullable(),
  channel: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Where the customer's money is (a partial refund is told as such, whatever the status says). */
  money: orderMoneySchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const ordersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const ordersResponseSchema = z.object({
  orders: z.array(orderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const orderParamsSchema = z.object({ orderId: orderIdSchema });

export const orderEventSchema = z.object({
  fromStatus: orderStatusSchema.nullable(),
  toStatus: orderStatusSchema.nullable(),
  source: z.string(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const refundStatusSchema = z.enum(['PENDING', 'COMPLETED', 'FAILED']);
export type RefundStatus = z.infer<typeof refundStatusSchema>;
export const orderRefundSchema = z.object({
  refundId: z.string(),
  amount: z.number().int(),
  status: refundStatusSchema,
  reason: z.enum(['auto', 'merchant']),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The deadline, fixed once (decision 063): end of day T+5 in India for an automatic refund. */
  deadline: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  events: z.array(orderEventSchema),
  refunds: z.array(orderRefundSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** The 409 answer of the double-pay guard: the web links to `/receipt/{existingOrderId}`. */
export const duplicatePaymentErrorSchema = errorResponseSchema.extend({
  /** Present when the existing order is the caller's own (another account's order is not linked). */
  existingOrderId: z.string().optional(),
});

/** The api's own payment messages (not in the spec), shared so the screens can recognise them. */
export const paymentMessages = {
  amountMismatch: 'The amount does not match the bill. Please fetch the bill again.',
  billAlreadyPaid: 'This bill has already been paid.',
  paymentInProgress:
    'A payment for this bill is already in progress. Please check its status before paying again.',
  sourceMissing: 'Please fetch or validate the bill again before paying.',
  autopayInProgress:
    'AutoPay is paying this bill right now. Please check its status on My Bills before paying again.',
} as const;

/**
 * What gateways post to us. Form posts (PayU's post back to surl/furl, Razorpay's checkout callback)
 * are flat string fields; the handlers verify them (reverse hash, signature) before trusting any.
 */
export const gatewayFormPostSchema = z.record(z.string().max(80), z.string().max(4000));
export type GatewayFormPost = z.infer<typeof gatewayFormPostSchema>;
