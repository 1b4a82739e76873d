/**
 * The SQL of orders and their events: opening an order in one statement, the conditional moves, the
 * reads by id and by customer. Refunds, gateway events and bill holds have their own repositories.
 */
import type { OrderStatus } from '@erti/contracts';
import { and, asc, count, desc, eq, getTableColumns, or, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { orderEvents, orders } from '../../db/schema/payments.ts';
import { builtOnce, builtOncePerShape, placeholders, prefixed } from '../../db/statement.ts';
import { type JobRow, jobInsert } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrderEvent = typeof orderEvents.$inferInsert;
export type OrderChanges = Partial<Omit<NewOrder, 'id' | 'status' | 'createdAt'>>;

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
