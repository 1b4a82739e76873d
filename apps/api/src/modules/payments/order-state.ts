import type { OrderStatus, PaymentStatus } from '@erti/contracts';

/**
 * The order state machine: the only transitions an order may make, each with why it happens.
 * Every status change in the payments module goes through `assertTransition` and a conditional
 * update, so a transition that is not in this table is an error, never a silent write.
 * docs/decisions/010-order-state-machine.md explains the choices.
 */
export const orderTransitions: Readonly<Record<OrderStatus, Readonly<Partial<Record<OrderStatus, string>>>>> =
  {
    CREATED: {
      PAYMENT_PENDING: 'handed to the gateway',
      PAYMENT_FAILED: 'the gateway refused the hand-off',
    },
    PAYMENT_PENDING: {
      PAID: 'the gateway confirmed the charge',
      PAYMENT_FAILED: 'the gateway confirmed the payment failed or expired',
      NEEDS_ATTENTION: "the gateway's answer could not be read",
    },
    PAYMENT_FAILED: {
      REFUND_PENDING: 'the gateway captured the money after the payment was reported failed',
      NEEDS_ATTENTION: "the gateway's answer could not be read",
    },
    // Held for a person (decision 062): only a person's resolution moves it on, nothing automatic.
    NEEDS_ATTENTION: {
      PAID: 'a person checked the gateway: the charge is right',
      REFUND_PENDING: 'a person refunds what the gateway shows was taken',
      PAYMENT_FAILED: 'a person found no charge at the gateway',
    },
    PAID: {
      BILL_PENDING: 'sent to the bill network',
      SUCCESS: 'a test payment needs no bill payment',
      BILL_FAILED: 'the bill network refused the payment',
    },
    BILL_PENDING: {
      SUCCESS: 'the bill network confirmed the payment',
      BILL_FAILED: 'the bill network refused the payment',
    },
    BILL_FAILED: {
      REFUND_PENDING: 'refund of the charge requested',
    },
    SUCCESS: {
      REFUND_PENDING: 'a merchant refund requested',
    },
    REFUND_PENDING: {
      REFUNDED: 'the gateway completed the refund',
      SUCCESS: 'a merchant refund failed; the bill payment stands',
    },
    REFUNDED: {
      REFUND_PENDING: 'a further refund of what is left',
    },
  };

export const orderStatuses = Object.keys(orderTransitions) as OrderStatus[];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from][to] !== undefined;
}

export class IllegalTransitionError extends Error {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}

/**
 * Orders that hold the bill: a second order for the same bill is refused while one of these exists
 * (a held charge may yet turn out paid, so it holds the bill until a person decides).
 */
export const inFlightStatuses: readonly OrderStatus[] = [
  'CREATED',
  'PAYMENT_PENDING',
  'PAID',
  'BILL_PENDING',
  'NEEDS_ATTENTION',
];

/**
 * Where an order comes to rest: it moves on from these only on a merchant's refund or a charge the
 * gateway reports late. Every other status waits on someone (the metrics count those apart, 067).
 */
export const restingStatuses: readonly OrderStatus[] = ['SUCCESS', 'PAYMENT_FAILED', 'REFUNDED'];

/**
 * Orders whose charge may be refunded (up to what is left): a successful one (merchant refunds), and
 * ones whose money must go back. Never while the bill payment is in flight.
 */
export const refundableStatuses: readonly OrderStatus[] = [
  'SUCCESS',
  'BILL_FAILED',
  'PAYMENT_FAILED',
  'REFUND_PENDING',
  'REFUNDED',
];

/**
 * The spec's payment status for the status modal: COMPLETED only once the bill is paid; FAILED when
 * the payment failed or the money went back; anything in between is PENDING (a held charge too: the
 * customer is told we are checking it with the provider).
 */
export function paymentStatusOf(status: OrderStatus): PaymentStatus {
  if (status === 'SUCCESS') return 'COMPLETED';
  if (status === 'PAYMENT_FAILED' || status === 'REFUNDED') return 'FAILED';
  return 'PENDING';
}
