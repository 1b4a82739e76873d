import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An order is one intent: "pay this bill" or "recharge this number". Its status moves through the
 * state machine in modules/payments/order-state.ts; every change is an `order_events` row.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** The id gateways see (PayU txnid, PhonePe merchantOrderId, Razorpay receipt). */
    merchantOrderId: text('merchant_order_id').notNull().unique(),
    userId: text('user_id').notNull(),
    status: text('status').notNull(),
    gateway: text('gateway'),
    kind: text('kind').$type<'bill' | 'recharge' | 'test'>().notNull(),
    billerId: text('biller_id'),
    billerName: text('biller_name'),
    category: text('category'),
    customerParams: jsonb('customer_params').$type<{ name: string; value: string }[]>().notNull(),
    /** Guards against paying the same bill twice: biller + customer params (+ bill number). */
    billKey: text('bill_key'),
    billFetchId: text('bill_fetch_id'),
    /** The bill fetch's (or validation's) reference, echoed when paying the bill on the network. */
    refId: text('ref_id'),
    billNumber: text('bill_number'),
    planId: text('plan_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    convenienceFeePaise: bigint('convenience_fee_paise', { mode: 'number' }).notNull().default(0),
    /** What the gateway actually captured (normally amount + fee): the most that can ever be refunded. */
    capturedPaise: bigint('captured_paise', { mode: 'number' }),
    paymentMode: text('payment_mode'),
    /** The gateway's own order id (PhonePe OMO…, Razorpay order_…); PayU has none. */
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** Instrument facts for the bill payment's paymentInfo (masked card, bank reference). */
    paymentInstrument: jsonb('payment_instrument').$type<{
      maskedCard?: string;
      vpa?: string;
      bankReference?: string;
    }>(),
    txnReferenceId: text('txn_reference_id'),
    approvalRefNum: text('approval_ref_num'),
    failureReason: text('failure_reason'),
    payer: jsonb('payer').$type<{ name?: string; email?: string; phone?: string }>(),
    /** The customer's IP when ordering: Bharat Connect's device tags for an internet payment. */
    customerIp: text('customer_ip'),
    /** When the bill network confirmed the payment (the receipt's date-time). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_status_idx').on(table.status, table.updatedAt),
    index('orders_bill_key_idx').on(table.billKey, table.createdAt),
    index('orders_gateway_order_idx').on(table.gateway, table.gatewayOrderId),
  ],
);

/** Append-only history of every order status change and every outside event that touched it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    /** Orders the events of one order: several happen in one transaction, at one `now()`. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    orderId: text('order_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    source: text('source').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.sequence)],
);

/** Gateway callbacks and webhooks already processed, keyed by the provider's own ids. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: text('id').primaryKey(),
    gateway: text('gateway').notNull(),
    providerEventKey: text('provider_event_key').notNull(),
    orderId: text('order_id'),
    verified: text('verified').$type<'yes' | 'no'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('gateway_events_key_idx').on(table.gateway, table.providerEventKey)],
);

/** A refund of (part of) an order's charge, through the gateway that charged it. */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    gateway: text('gateway').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status').$type<'PENDING' | 'COMPLETED' | 'FAILED'>().notNull(),
    reason: text('reason').$type<'auto' | 'merchant'>().notNull(),
    note: text('note'),
    requestedBy: text('requested_by'),
    gatewayRefundId: text('gateway_refund_id'),
    failureReason: text('failure_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The RBI deadline for this refund (T+5 for cards and UPI to merchants). */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId),
    index('refunds_status_idx').on(table.status),
    index('refunds_gateway_refund_idx').on(table.gateway, table.gatewayRefundId),
  ],
);
