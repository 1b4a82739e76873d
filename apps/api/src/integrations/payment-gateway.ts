import type { Gateway } from '@erti/contracts';
import { parsePaise, parseRupees } from '@erti/contracts/rupees';
import { type OutsideCallRecorder, outcomeOfStatus, recordedCall, unrecordedCalls } from './outside-calls.ts';

/**
 * What the payments module needs from a payment gateway, whichever it is. Each adapter
 * (integrations/payu, phonepe, razorpay) maps its provider's statuses to these in one place.
 */

/** What the gateway says about an order's charge. NOT_FOUND: nobody has tried to pay the order (yet). */
export type ChargeState = 'PAID' | 'FAILED' | 'PENDING' | 'NOT_FOUND';

export interface ChargeCheck {
  state: ChargeState;
  /** Paise the gateway captured (PAID) or attempted. */
  amountPaise?: number;
  /** The gateway's payment id: PayU mihpayid, PhonePe transactionId, Razorpay pay_…. */
  paymentId?: string;
  /** The Bharat Connect payment mode: 'Credit Card', 'Debit Card', 'UPI', 'Internet Banking', 'Wallet'. */
  paymentMode?: string;
  /** Instrument facts the bill payment's paymentInfo carries (masked card, VPA, bank reference). */
  instrument?: { maskedCard?: string; vpa?: string; bankReference?: string };
  /** The provider's own status words, for the event log. */
  providerStatus: string;
}

export type RefundState = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface RefundCheck {
  state: RefundState;
  gatewayRefundId?: string;
  providerStatus: string;
}

/** What identifies an order at its gateway. */
export interface GatewayOrderRef {
  merchantOrderId: string;
  gatewayOrderId: string | null;
  gatewayPaymentId: string | null;
}

/** One refund, identified by our refund id (the gateway's idempotency key). */
export interface GatewayRefundRef {
  refundId: string;
  order: GatewayOrderRef;
  amountPaise: number;
  gatewayRefundId: string | null;
  note: string;
}

export interface PaymentGateway {
  readonly name: Gateway;
  checkCharge(order: GatewayOrderRef): Promise<ChargeCheck>;
  /** Requests the refund; asking again with the same refund id never refunds twice. */
  refund(refund: GatewayRefundRef): Promise<RefundCheck>;
  checkRefund(refund: GatewayRefundRef): Promise<RefundCheck>;
}

/** The gateway could not be asked (timeout, unreachable, 5xx, unreadable): the outcome is unknown, not failed. */
export class GatewayUnavailableError extends Error {
  constructor(
    readonly gateway: Gateway,
    readonly path: string,
    detail: string,
  ) {
    super(`${gateway} ${path}: ${detail}`);
    this.name = 'GatewayUnavailableError';
  }
}

/** The gateway answered with an error we did not expect (a 4xx): our request or set-up is wrong. */
export class GatewayRejectedError extends Error {
  constructor(
    readonly gateway: Gateway,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${gateway} ${path} refused the request (${status}): ${JSON.stringify(body ?? '').slice(0, 300)}`);
    this.name = 'GatewayRejectedError';
  }
}

/**
 * The gateway answered, but an amount, a status or an id in its answer cannot be read. Never a
 * guess (a charge of 0, a failure): the order is held for a person, who sees `answer` as it came.
 */
export class GatewayAnswerUnreadableError extends Error {
  constructor(
    readonly gateway: Gateway,
    readonly path: string,
    /** Which part could not be read: 'amount', 'status' or 'id' (with the provider's field name). */
    readonly field: string,
    readonly answer: unknown,
  ) {
    super(`${gateway} ${path}: the ${field} in the answer cannot be read`);
    this.name = 'GatewayAnswerUnreadableError';
  }
}

/**
 * The state and payment id of a charge answer, checked: a status word the adapter does not know, or a
 * paid charge without its payment id, is unreadable (never taken for "pending", never paid without id).
 */
export function checkedCharge(
  gateway: Gateway,
  path: string,
  answer: unknown,
  read: {
    state: ChargeState | undefined;
    statusField: string;
    paymentId: string | undefined;
    idField: string;
  },
): { state: ChargeState; paymentId: string | undefined } {
  if (!read.state)
    throw new GatewayAnswerUnreadableError(gateway, path, `status (${read.statusField})`, answer);
  if (read.state === 'PAID' && !read.paymentId)
    throw new GatewayAnswerUnreadableError(gateway, path, `id (${read.idField})`, answer);
  return { state: read.state, paymentId: read.paymentId };
}

/** Where an amount sits in a gateway's answer, and how the gateway writes it. */
interface AnswerAmount {
  gateway: Gateway;
  path: string;
  /** The provider's field name, for the person who looks. */
  field: string;
  answer: unknown;
  /** 'rupees': a decimal such as "499.00" (PayU); 'paise': a whole number (PhonePe, Razorpay). */
  unit: 'rupees' | 'paise';
}

const readAmount = (amount: string | number, unit: AnswerAmount['unit']) =>
  unit === 'rupees' ? parseRupees(amount, 'gateway') : parsePaise(amount);

/**
 * An amount in a gateway's answer, read by the one rupee parser. Absent (or empty, as PayU writes
 * "none") stays undefined: charge confirmation holds a charge without an amount for a person.
 * Present but unreadable throws GatewayAnswerUnreadableError.
 */
export function amountInAnswer(amount: unknown, where: AnswerAmount): number | undefined {
  if (amount === undefined || amount === null || amount === '') return undefined;
  const readable = typeof amount === 'string' || typeof amount === 'number';
  const reading = readable ? readAmount(amount, where.unit) : undefined;
  if (!reading?.ok)
    throw new GatewayAnswerUnreadableError(
      where.gateway,
      where.path,
      `amount (${where.field})`,
      where.answer,
    );
  return reading.paise;
}

/** A failure to get a definite answer from a gateway: the outcome is unknown, reconciliation asks again. */
export const isGatewayFailure = (error: unknown): error is GatewayUnavailableError | GatewayRejectedError =>
  error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError;

export interface GatewayAnswer {
  status: number;
  body: unknown;
}

export interface GatewayCall {
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Hears of the call and its outcome (the metrics, decision 067). */
  recordCall?: OutsideCallRecorder;
}

/**
 * One HTTP call to a gateway with a timeout. Answers below 500 come back parsed (the caller decides
 * what a 4xx means); anything that leaves the outcome unknown throws `GatewayUnavailableError`.
 */
export function callGateway(gateway: Gateway, url: string, init: GatewayCall): Promise<GatewayAnswer> {
  return recordedCall(
    init.recordCall ?? unrecordedCalls,
    gateway,
    () => exchange(gateway, url, init),
    (answer) => outcomeOfStatus(answer.status),
  );
}

async function exchange(gateway: Gateway, url: string, init: GatewayCall): Promise<GatewayAnswer> {
  const path = new URL(url).pathname;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new GatewayUnavailableError(
      gateway,
      path,
      timedOut ? `no answer within ${init.timeoutMs} ms` : 'unreachable',
    );
  }
  if (response.status >= 500) throw new GatewayUnavailableError(gateway, path, `HTTP ${response.status}`);
  try {
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  } catch {
    throw new GatewayUnavailableError(gateway, path, `unreadable answer (HTTP ${response.status})`);
  }
}

/** The body of a successful (2xx) answer, or `GatewayRejectedError`. */
export function expectOk<T>(gateway: Gateway, path: string, answer: GatewayAnswer): T {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw new GatewayRejectedError(gateway, path, answer.status, answer.body);
}
