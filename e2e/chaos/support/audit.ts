import { PGlite } from '@electric-sql/pglite';
import { GATEWAYS } from '@erti/contracts';
import pg from 'pg';
import { failedFirst, type Gateway, type JourneyRecord } from './journeys.ts';
import type { LedgerEntry, MailFacts, NetworkTransaction } from './sandbox.ts';

/**
 * The books after a chaos run: our database (read from the PGlite data directory once the api has
 * stopped) against the outside world's own records (each gateway's ledger of real money, the bill
 * network's transactions). Answers every broken promise in words, and the figures of the summary.
 */

export interface OrderFacts {
  id: string;
  merchantOrderId: string;
  userId: string;
  status: string;
  gateway: Gateway;
  kind: 'bill' | 'recharge' | 'test';
  billKey: string | null;
  amountPaise: number;
  feePaise: number;
  gatewayOrderId: string | null;
  /** When the order was opened (ms since the epoch, real time). */
  createdAt: string;
}

export interface RefundFacts {
  orderId: string;
  amountPaise: number;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
}

export interface JobFacts {
  kind: string;
  status: string;
  orderId: string | null;
  lastError: string | null;
  /** For explaining a run: how often it ran, when it is due, and what it was given. */
  attempts: number;
  runAt: string;
  payload: string;
}

/** One line of an order's history (status changes and outside events), for explaining a violation. */
export interface EventFacts {
  orderId: string;
  line: string;
}

/** One AutoPay debit as the api recorded it (decision 079). */
export interface DebitFacts {
  id: string;
  mandateId: string;
  myBillId: string;
  userId: string;
  billNumber: string;
  amountPaise: number;
  status: string;
  debitAt: string | null;
  orderId: string | null;
  reason: string | null;
}

export interface MandateFacts {
  id: string;
  myBillId: string;
  gateway: string;
  capPaise: number;
  status: string;
}

export interface DatabaseFacts {
  orders: OrderFacts[];
  refunds: RefundFacts[];
  jobs: JobFacts[];
  events: EventFacts[];
  debits: DebitFacts[];
  mandates: MandateFacts[];
}

/** An AutoPay debit's order: its merchantOrderId is the debit id (`AD`…), told to no customer at a checkout. */
export const isDebitOrder = (order: Pick<OrderFacts, 'merchantOrderId'>) =>
  order.merchantOrderId.startsWith('AD');

/** What runs the audit's queries: PGlite on the api's data directory, or a PostgreSQL client. */
interface Reader {
  query<T>(sql: string): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

async function openReader(source: { dataDir: string } | { databaseUrl: string }): Promise<Reader> {
  if ('dataDir' in source) return PGlite.create(source.dataDir);
  const client = new pg.Client({ connectionString: source.databaseUrl });
  await client.connect();
  return {
    query: async <T>(sql: string) => ({ rows: (await client.query(sql)).rows as T[] }),
    close: () => client.end(),
  };
}

/**
 * Reads what the audit needs straight from the api's database: its PGlite directory (the api must be
 * stopped) or the replicas' PostgreSQL database.
 */
export async function readDatabase(
  source: { dataDir: string } | { databaseUrl: string },
): Promise<DatabaseFacts> {
  const db = await openReader(source);
  try {
    const orders = await db.query<OrderFacts>(`
      select id, merchant_order_id as "merchantOrderId", user_id as "userId", status, gateway, kind,
        bill_key as "billKey", amount_paise::int as "amountPaise", convenience_fee_paise::int as "feePaise",
        gateway_order_id as "gatewayOrderId", (extract(epoch from created_at) * 1000)::bigint::text as "createdAt"
      from orders`);
    const refunds = await db.query<RefundFacts>(
      `select order_id as "orderId", amount_paise::int as "amountPaise", status from refunds`,
    );
    const jobs = await db.query<JobFacts>(
      `select kind, status, payload->>'orderId' as "orderId", last_error as "lastError", attempts,
        run_at::text as "runAt", payload::text as payload from jobs`,
    );
    const events = await db.query<EventFacts>(`
      select order_id as "orderId",
        to_char(created_at, 'HH24:MI:SS.MS') || ' ' || coalesce(from_status, '-') || ' → ' ||
          coalesce(to_status, '-') || ' by ' || source || coalesce(' ' || detail::text, '') as line
      from order_events order by sequence`);
    const debits = await db.query<DebitFacts>(`
      select id, mandate_id as "mandateId", my_bill_id as "myBillId", user_id as "userId",
        bill_number as "billNumber", amount_paise::int as "amountPaise", status, debit_at::text as "debitAt",
        order_id as "orderId", reason
      from autopay_debits`);
    const mandates = await db.query<MandateFacts>(`
      select id, my_bill_id as "myBillId", gateway, cap_paise::int as "capPaise", status from autopay_mandates`);
    return {
      orders: orders.rows,
      refunds: refunds.rows,
      jobs: jobs.rows,
      events: events.rows,
      debits: debits.rows,
      mandates: mandates.rows,
    };
  } finally {
    await db.close();
  }
}

export interface OutsideRecords {
  ledgers: Record<Gateway, LedgerEntry[]>;
  network: NetworkTransaction[];
  /** Every mail the api sent (receipts, refunds, held charges, OTPs), as the sandbox mailbox received them. */
  mails: MailFacts[];
}

export interface AuditReport {
  violations: string[];
  /** Each order named by a violation: what its customer did and what happened to it, line by line. */
  explanations: string[];
  /** Orders per final (or other) status, and per gateway and status. */
  statuses: Record<string, number>;
  byGateway: Record<string, Record<string, number>>;
  /** Orders whose hand-off answer was lost in a crash, never charged, waiting for their checkout to expire. */
  awaitingExpiry: string[];
  money: { charged: number; paidToBillers: number; testPaymentsKept: number; refunded: number };
  /** Orders of customers who never came back from the gateway's page, checked case by case (decision 064). */
  abandoned: { leftUnpaid: number; paidAfterClose: number; paidNeverReturned: number };
  billPayments: { success: number; failure: number; refused: number; payCallsAboveOne: number };
}

const FINAL = new Set(['SUCCESS', 'PAYMENT_FAILED', 'REFUNDED']);

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

/** The key a gateway's ledger files an order under: PayU and PhonePe our merchantOrderId, Razorpay its order id. */
const ledgerKey = (order: OrderFacts) =>
  order.gateway === 'razorpay' ? (order.gatewayOrderId ?? '') : order.merchantOrderId;

export function audit(db: DatabaseFacts, outside: OutsideRecords, journeys: JourneyRecord[]): AuditReport {
  const violations: string[] = [];
  const suspects = new Set<string>();
  const fail = (message: string, orderId?: string) => {
    violations.push(message);
    if (orderId) suspects.add(orderId);
  };
  const ordersById = new Map(db.orders.map((order) => [order.id, order]));
  const ledger = new Map<string, LedgerEntry>();
  for (const gateway of Object.keys(outside.ledgers) as Gateway[])
    for (const entry of outside.ledgers[gateway]) ledger.set(`${gateway}:${entry.order}`, entry);
  const ledgerOf = (order: OrderFacts) => ledger.get(`${order.gateway}:${ledgerKey(order)}`);
  const network = new Map(outside.network.map((txn) => [txn.clientRequestId, txn]));
  const pendingJobs = new Set(
    db.jobs.filter((job) => job.status === 'queued' || job.status === 'running').map((job) => job.orderId),
  );
  const knownOrderIds = new Set(journeys.flatMap((journey) => journey.orderIds));
  const money = { charged: 0, paidToBillers: 0, testPaymentsKept: 0, refunded: 0 };
  const awaitingExpiry: string[] = [];

  // Every movement of money at a gateway belongs to one of our orders, once.
  const orderKeys = new Set(db.orders.map((order) => `${order.gateway}:${ledgerKey(order)}`));
  for (const [key, entry] of ledger) {
    if (!orderKeys.has(key) && entry.charged > 0)
      fail(`${key}: charged ${entry.charged} for no order of ours`);
    if (entry.charges > 1) fail(`${key}: charged ${entry.charges} times`);
    if (entry.refunded > entry.charged)
      fail(`${key}: refunded ${entry.refunded} of ${entry.charged} charged`);
  }

  for (const order of db.orders) {
    const entry = ledgerOf(order);
    const charged = entry?.charged ?? 0;
    const refunded = entry?.refunded ?? 0;
    const txn = network.get(order.id);
    const paidToBiller = txn?.status === 'SUCCESS' ? Number(txn.amount) + order.feePaise : 0;
    const kept = order.kind === 'test' && order.status === 'SUCCESS' ? charged : 0;
    const where = `${order.id} (${order.gateway} ${order.kind}, ${order.status})`;
    money.charged += charged;
    money.refunded += refunded;
    money.paidToBillers += paidToBiller;
    money.testPaymentsKept += kept;

    if (!FINAL.has(order.status)) {
      const lostHandOff = !knownOrderIds.has(order.id) && charged === 0 && pendingJobs.has(order.id);
      if (lostHandOff) awaitingExpiry.push(order.id);
      else fail(`${where}: not final`, order.id);
    }
    if (charged > 0 && order.status !== 'SUCCESS' && order.status !== 'REFUNDED' && FINAL.has(order.status))
      fail(`${where}: charged ${charged} but ${order.status}`, order.id);
    if (order.status === 'SUCCESS' && charged !== order.amountPaise + order.feePaise)
      fail(`${where}: SUCCESS but charged ${charged} of ${order.amountPaise + order.feePaise}`, order.id);
    if (order.status === 'SUCCESS' && order.kind !== 'test' && paidToBiller === 0)
      fail(`${where}: SUCCESS but the bill network has no successful payment`, order.id);
    if (txn?.status === 'SUCCESS' && order.status !== 'SUCCESS')
      fail(`${where}: the bill was paid but the order is ${order.status}`, order.id);
    if (charged - refunded !== paidToBiller + kept)
      fail(
        `${where}: charged ${charged} − refunded ${refunded} ≠ paid to biller ${paidToBiller} + kept ${kept}`,
      );
    const recorded = db.refunds
      .filter((refund) => refund.orderId === order.id && refund.status === 'COMPLETED')
      .reduce((total, refund) => total + refund.amountPaise, 0);
    if (recorded !== refunded)
      fail(`${where}: our refunds say ${recorded}, the gateway refunded ${refunded}`);
  }

  // No bill paid twice: one success per bill reference (fetch or validation), per bill of ours, only for our orders.
  for (const txn of outside.network)
    if (!ordersById.has(txn.clientRequestId)) fail(`bill payment ${txn.clientRequestId} is no order of ours`);
  const successes = outside.network.filter((txn) => txn.status === 'SUCCESS');
  for (const [refId, count] of Object.entries(countBy(successes, (txn) => txn.refId ?? txn.clientRequestId)))
    if (count > 1) fail(`bill ${refId} paid ${count} times on the network`);
  // A recharge may be bought again (a second top-up is a new purchase); a bill is paid once.
  const paidBills = successes
    .map((txn) => ordersById.get(txn.clientRequestId))
    .filter((order) => order?.kind === 'bill')
    .map((order) => order?.billKey ?? '');
  for (const [billKey, count] of Object.entries(countBy(paidBills, (key) => key)))
    if (count > 1) fail(`bill ${billKey} paid by ${count} orders`);

  // The books balance: every paisa charged went to a biller, stayed as a test payment, or came back.
  if (money.charged !== money.paidToBillers + money.testPaymentsKept + money.refunded)
    fail(`ledger does not balance: ${JSON.stringify(money)}`);

  // Nothing the customers were told of is missing; orders they never heard of come from lost hand-offs.
  for (const id of knownOrderIds)
    if (!ordersById.has(id)) fail(`${id}: the customer was given it, it is lost`);
  // A hand-off without an answer, or refused because the gateway failed (502), may leave an order behind.
  const untoldOrders = (journey: JourneyRecord) =>
    journey.lostHandOffs + journey.refusals.filter((text) => text.startsWith('502')).length;
  const mayBeUntold = countBy(
    journeys.flatMap((journey) => Array.from({ length: untoldOrders(journey) }, () => journey.customerId)),
    (id) => id,
  );
  // AutoPay's debit orders are told to nobody at a checkout: the AutoPay audit accounts for each.
  const unknownOrders = countBy(
    db.orders.filter((order) => !knownOrderIds.has(order.id) && !isDebitOrder(order)),
    (order) => order.userId,
  );
  for (const [userId, count] of Object.entries(unknownOrders))
    if (count > (mayBeUntold[userId] ?? 0))
      fail(
        `${userId}: ${count} orders the customer never heard of, from ${mayBeUntold[userId] ?? 0} unanswered or failed hand-offs`,
      );

  // Customers who never came back from the gateway's page, each case with its own promise (decision 064).
  const abandoned = { leftUnpaid: 0, paidAfterClose: 0, paidNeverReturned: 0 };
  for (const journey of journeys.filter((candidate) => candidate.interruptions.length === 0)) {
    const { plan } = journey;
    for (const orderId of journey.orderIds) {
      const order = ordersById.get(orderId);
      if (!order) continue;
      const entry = ledgerOf(order);
      const charged = entry?.charged ?? 0;
      const where = `${order.id} (${order.gateway} ${order.kind}, ${order.status}, payment #${plan.index})`;
      if (plan.leavesAtGateway) {
        abandoned.leftUnpaid += 1;
        if (order.status !== 'PAYMENT_FAILED' || charged > 0)
          fail(
            `${where}: left unpaid at the gateway, but not closed as failed with nothing charged`,
            order.id,
          );
      } else if (plan.paysAfterClose) {
        abandoned.paidAfterClose += 1;
        if (order.status !== 'REFUNDED' || charged === 0 || entry?.refunded !== charged)
          fail(`${where}: paid after we closed it, but not refunded in full (charged ${charged})`, order.id);
      } else if (plan.returnLost && !failedFirst(plan)) {
        abandoned.paidNeverReturned += 1;
        if (charged === 0 || (order.status !== 'SUCCESS' && order.status !== 'REFUNDED'))
          fail(
            `${where}: paid and never came back, but not paid on nor refunded (charged ${charged})`,
            order.id,
          );
      }
    }
  }

  for (const job of db.jobs.filter((candidate) => candidate.status === 'failed'))
    fail(`job ${job.kind} of ${job.orderId ?? '-'} failed for good: ${job.lastError}`);
  // A job run twice (two replicas, a lease taken over too early) shows as the same mail sent twice.
  const mails = countBy(outside.mails, (mail) => `${mail.to} | ${mail.subject} | ${mail.text}`);
  for (const [mail, count] of Object.entries(mails).filter(([, sent]) => sent > 1))
    fail(`the same mail went out ${count} times: ${mail.slice(0, 160)}`);
  for (const journey of journeys) {
    for (const error of journey.errors) fail(`payment #${journey.plan.index}: ${error}`);
    for (const refusal of journey.refusals.filter((text) => text.startsWith('500')))
      fail(`payment #${journey.plan.index}: the api failed: ${refusal}`);
  }

  const explain = (orderId: string) => {
    const journey = journeys.find((candidate) => candidate.orderIds.includes(orderId));
    const order = ordersById.get(orderId);
    const owner = journeys.filter((candidate) => candidate.customerId === order?.userId);
    return [
      `${orderId}:`,
      journey
        ? `  customer: ${JSON.stringify({ ...journey, plan: undefined })}\n  plan: ${JSON.stringify(journey.plan)}`
        : `  never told to its customer (${owner.reduce((n, j) => n + j.lostHandOffs, 0)} lost hand-offs)`,
      ...db.events.filter((event) => event.orderId === orderId).map((event) => `  ${event.line}`),
    ].join('\n');
  };

  return {
    violations,
    explanations: [...suspects].map(explain),
    statuses: countBy(db.orders, (order) => order.status),
    byGateway: Object.fromEntries(
      GATEWAYS.map((gateway) => [
        gateway,
        countBy(
          db.orders.filter((order) => order.gateway === gateway),
          (order) => order.status,
        ),
      ]),
    ),
    awaitingExpiry,
    money,
    abandoned,
    billPayments: {
      success: successes.length,
      failure: outside.network.filter((txn) => txn.status === 'FAILURE').length,
      refused: outside.network.filter((txn) => txn.status === 'REFUSED').length,
      payCallsAboveOne: outside.network.filter((txn) => txn.payCalls > 1).length,
    },
  };
}
