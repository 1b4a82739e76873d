import type { OrderStatus } from '@erti/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  ne,
  or,
  type Placeholder,
  sql,
  sum,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { gatewayEvents, orderEvents, orders, refunds } from '../../db/schema/payments.ts';
import { builtOnce, builtOncePerShape, placeholders, prefixed } from '../../db/statement.ts';
import { type JobRow, jobInsert } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrderEvent = typeof orderEvents.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
export type OrderChanges = Partial<Omit<NewOrder, 'id' | 'status' | 'createdAt'>>;

/** Serialises order creation for one bill across transactions (and api replicas). */
export async function lockBill(executor: Executor, billKey: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${billKey}, 0))`);
}

/** What an order is opened with; the payer's contact is copied from the account by the insert. */
const OPENED_ORDER_COLUMNS = [
  'id',
  'merchantOrderId',
  'userId',
  'status',
  'gateway',
  'kind',
  'billerId',
  'billerName',
  'category',
  'customerParams',
  'billKey',
  'billFetchId',
  'refId',
  'billNumber',
  'planId',
  'amountPaise',
  'convenienceFeePaise',
  'customerIp',
] as const;
const OPENING_EVENT_COLUMNS = ['id', 'orderId', 'fromStatus', 'toStatus', 'source'] as const;
const JOB_COLUMNS = ['id', 'kind', 'payload', 'runAt', 'dedupeKey', 'maxAttempts'] as const;

export type OpenedOrder = Required<Pick<NewOrder, (typeof OPENED_ORDER_COLUMNS)[number]>>;
export type OpeningEvent = Required<Pick<NewOrderEvent, (typeof OPENING_EVENT_COLUMNS)[number]>>;

/** The payer's name, e-mail and phone as the account has them now (a SQL value). */
const payerOf = (userId: Placeholder) =>
  sql<
    NonNullable<OrderRow['payer']>
  >`(select jsonb_strip_nulls(jsonb_build_object('name', ${users.name}, 'email', ${users.email}, 'phone', ${users.phone})) from ${users} where ${users.id} = ${userId})`;

/** One statement for an order, its first events and the job that follows; built once per shape. */
const insertOrderStatement = builtOncePerShape(
  (opening: { events: number; job: boolean }) => `${opening.events} events${opening.job ? ', a job' : ''}`,
  (opening) =>
    builtOnce((executor) => {
      const events = Array.from({ length: opening.events }, (_, index) =>
        placeholders(`event${index}.`, OPENING_EVENT_COLUMNS),
      );
      const sideInserts = [
        executor
          .$with('new_events')
          .as(executor.insert(orderEvents).values(events).returning({ id: orderEvents.id })),
        ...(opening.job
          ? [
              executor
                .$with('new_job')
                .as(jobInsert(executor, placeholders('job.', JOB_COLUMNS)).returning({ id: jobs.id })),
            ]
          : []),
      ];
      const order = placeholders('order.', OPENED_ORDER_COLUMNS);
      return executor
        .with(...sideInserts)
        .insert(orders)
        .values({ ...order, payer: payerOf(order.userId) })
        .returning();
    }, getTableColumns(orders)),
);

/**
 * Inserts an order, its first events and the job that follows, in one statement: an order is opened
 * on every payment, and one round trip costs less than three.
 */
export async function insertOrder(
  executor: Executor,
  row: OpenedOrder,
  events: OpeningEvent[],
  job?: JobRow,
): Promise<OrderRow> {
  const [order] = await insertOrderStatement(
    executor,
    { events: events.length, job: job !== undefined },
    Object.assign(
      prefixed('order.', row),
      ...events.map((event, index) => prefixed(`event${index}.`, event)),
      job ? prefixed('job.', job) : {},
    ),
  );
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

export async function insertEvent(
  executor: Executor,
  event: {
    orderId: string;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus | null;
    source: string;
    detail?: Record<string, unknown>;
  },
): Promise<string> {
  const id = newId('evt');
  await executor.insert(orderEvents).values({ id, ...event, detail: event.detail ?? null });
  return id;
}

/**
 * The conditional status change: it happens only if the order is still in `from`; zero rows means
 * someone else moved first. Its event row is written in the same transaction. Answers the event id.
 */
export async function updateOrderStatus(
  executor: Executor,
  change: {
    orderId: string;
    from: OrderStatus;
    to: OrderStatus;
    set?: OrderChanges;
    source: string;
    detail?: Record<string, unknown>;
  },
): Promise<{ order: OrderRow; eventId: string } | undefined> {
  const [order] = await executor
    .update(orders)
    .set({ ...change.set, status: change.to, updatedAt: new Date() })
    .where(and(eq(orders.id, change.orderId), eq(orders.status, change.from)))
    .returning();
  if (!order) return undefined;
  const eventId = await insertEvent(executor, {
    orderId: order.id,
    fromStatus: change.from,
    toStatus: change.to,
    source: change.source,
    detail: change.detail,
  });
  return { order, eventId };
}

/** Sets facts on an order that must still be in `status`, without moving it; the event says why. */
export async function updateOrderFacts(
  executor: Executor,
  change: {
    orderId: string;
    status: OrderStatus;
    set: OrderChanges;
    source: string;
    detail?: Record<string, unknown>;
  },
): Promise<OrderRow | undefined> {
  const [order] = await executor
    .update(orders)
    .set({ ...change.set, updatedAt: new Date() })
    .where(and(eq(orders.id, change.orderId), eq(orders.status, change.status)))
    .returning();
  if (order)
    await insertEvent(executor, {
      orderId: order.id,
      fromStatus: null,
      toStatus: null,
      source: change.source,
      detail: change.detail,
    });
  return order;
}

export async function findOrder(executor: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** By our id or the id gateways see; `forUpdate` locks the row for the rest of the transaction. */
export async function findOrderByAnyId(
  executor: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow | undefined> {
  const query = executor
    .select()
    .from(orders)
    .where(or(eq(orders.id, id), eq(orders.merchantOrderId, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findOrderByGatewayOrderId(
  executor: Executor,
  gateway: string,
  gatewayOrderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.gateway, gateway), eq(orders.gatewayOrderId, gatewayOrderId)));
  return row;
}

/** What the double-payment check needs of the order holding a bill. */
export type HoldingOrder = Pick<OrderRow, 'id' | 'userId' | 'status' | 'merchantOrderId'>;

/**
 * The order that holds a bill against a second payment, in one query: the newest one in flight
 * (created at or after `inFlightSince`, when given), else, with `paidToo`, the newest paid one.
 */
/** What holds a bill against a new order: the order statuses in flight, since when, and a paid one too. */
export interface BillHolds {
  inFlight: readonly OrderStatus[];
  inFlightSince?: Date;
  paidToo: boolean;
}

/** The newest order holding a bill, an order in flight first; one statement per kind of hold. */
const holdingOrderStatement = builtOncePerShape(
  (holds: BillHolds) => `${holds.inFlight.join()} ${holds.inFlightSince ? 'since' : 'ever'} ${holds.paidToo}`,
  (holds) => {
    const inFlight = and(
      inArray(orders.status, [...holds.inFlight]),
      holds.inFlightSince ? gte(orders.createdAt, sql.placeholder('inFlightSince')) : undefined,
    );
    const selection = {
      order: {
        id: orders.id,
        userId: orders.userId,
        status: orders.status,
        merchantOrderId: orders.merchantOrderId,
      },
      inFlight: sql<boolean>`(${inFlight})`.mapWith(Boolean),
    };
    return builtOnce(
      (executor) =>
        executor
          .select(selection)
          .from(orders)
          .where(
            and(
              eq(orders.billKey, sql.placeholder('billKey')),
              holds.paidToo ? or(inFlight, eq(orders.status, 'SUCCESS')) : inFlight,
            ),
          )
          .orderBy(desc(selection.inFlight), desc(orders.createdAt))
          .limit(1),
      selection,
    );
  },
);

export async function findHoldingOrder(
  executor: Executor,
  billKey: string,
  holds: BillHolds,
): Promise<{ order: HoldingOrder; inFlight: boolean } | undefined> {
  const [row] = await holdingOrderStatement(executor, holds, {
    billKey,
    inFlightSince: holds.inFlightSince?.toISOString(),
  });
  return row;
}

export async function listUserOrders(
  executor: Executor,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const rows = await executor
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await executor.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
  return { rows, total: counted?.total ?? 0 };
}

export async function listEvents(executor: Executor, orderId: string): Promise<OrderEventRow[]> {
  return executor
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.sequence));
}

/**
 * Records a gateway callback, webhook or post back under the provider's own key. Answers false when
 * that key was seen before: the event is a replay and must change nothing.
 */
export async function recordGatewayEvent(
  executor: Executor,
  event: {
    gateway: string;
    key: string;
    orderId: string | null;
    verified: boolean;
    payload: Record<string, unknown>;
  },
): Promise<boolean> {
  const inserted = await executor
    .insert(gatewayEvents)
    .values({
      id: newId('gev'),
      gateway: event.gateway,
      providerEventKey: event.key,
      orderId: event.orderId,
      verified: event.verified ? 'yes' : 'no',
      payload: event.payload,
    })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id });
  return inserted.length > 0;
}

export async function insertRefund(executor: Executor, row: NewRefund): Promise<RefundRow> {
  const [created] = await executor.insert(refunds).values(row).returning();
  if (!created) throw new Error('refund insert returned nothing');
  return created;
}

export async function listRefunds(executor: Executor, orderId: string): Promise<RefundRow[]> {
  return executor
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** The refunds of a page of orders in one query (the history tells each order's money, decision 108). */
export async function listRefundsOfOrders(executor: Executor, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return executor
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function findRefundByGatewayId(
  executor: Executor,
  gateway: string,
  gatewayRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await executor
    .select()
    .from(refunds)
    .where(and(eq(refunds.gateway, gateway), eq(refunds.gatewayRefundId, gatewayRefundId)));
  return row;
}

/** Paise refunded or being refunded on an order (failed refunds do not count). */
export async function refundedPaise(executor: Executor, orderId: string): Promise<number> {
  const [row] = await executor
    .select({ total: sum(refunds.amountPaise) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'FAILED')));
  return Number(row?.total ?? 0);
}

/** A pending refund's outcome; conditional on it still being PENDING. */
export async function settleRefund(
  executor: Executor,
  refundId: string,
  outcome: { status: 'COMPLETED' | 'FAILED'; gatewayRefundId?: string; failureReason?: string },
): Promise<RefundRow | undefined> {
  const [row] = await executor
    .update(refunds)
    .set({
      status: outcome.status,
      gatewayRefundId: outcome.gatewayRefundId,
      failureReason: outcome.failureReason,
      completedAt: outcome.status === 'COMPLETED' ? new Date() : null,
      updatedAt: new Date(),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PENDING')))
    .returning();
  return row;
}

export async function setGatewayRefundId(executor: Executor, refundId: string, gatewayRefundId: string) {
  await executor
    .update(refunds)
    .set({ gatewayRefundId, updatedAt: new Date() })
    .where(eq(refunds.id, refundId));
}

/** Who the account is: name and contact details for the gateway form and the confirmation e-mail. */
export async function findAccount(
  executor: Executor,
  userId: string,
): Promise<{ name: string; email: string | null; phone: string | null; language: string } | undefined> {
  const [row] = await executor
    .select({ name: users.name, email: users.email, phone: users.phone, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
