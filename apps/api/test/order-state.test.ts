import type { OrderStatus } from '@erti/contracts';
import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  canTransition,
  IllegalTransitionError,
  inFlightStatuses,
  orderStatuses,
  paymentStatusOf,
} from '../src/modules/payments/order-state.ts';

/** The whole table written out independently: every allowed move, and nothing else. */
const allowed: Record<OrderStatus, OrderStatus[]> = {
  CREATED: ['PAYMENT_PENDING', 'PAYMENT_FAILED'],
  PAYMENT_PENDING: ['PAID', 'PAYMENT_FAILED', 'NEEDS_ATTENTION'],
  PAYMENT_FAILED: ['REFUND_PENDING', 'NEEDS_ATTENTION'],
  PAID: ['BILL_PENDING', 'SUCCESS', 'BILL_FAILED'],
  BILL_PENDING: ['SUCCESS', 'BILL_FAILED'],
  BILL_FAILED: ['REFUND_PENDING'],
  SUCCESS: ['REFUND_PENDING'],
  REFUND_PENDING: ['REFUNDED', 'SUCCESS'],
  REFUNDED: ['REFUND_PENDING'],
  NEEDS_ATTENTION: ['PAID', 'REFUND_PENDING', 'PAYMENT_FAILED'],
};

const everyStatus: OrderStatus[] = [
  'CREATED',
  'PAYMENT_PENDING',
  'PAID',
  'PAYMENT_FAILED',
  'BILL_PENDING',
  'SUCCESS',
  'BILL_FAILED',
  'REFUND_PENDING',
  'REFUNDED',
  'NEEDS_ATTENTION',
];
const everyPair = everyStatus.flatMap((from) => everyStatus.map((to) => [from, to] as const));

describe('order state machine', () => {
  it('knows every status of the contract', () => {
    expect([...orderStatuses].sort()).toEqual([...everyStatus].sort());
  });

  it.each(everyPair)('%s → %s is allowed only if the table says so', (from, to) => {
    const expected = allowed[from].includes(to);
    expect(canTransition(from, to)).toBe(expected);
    if (expected) expect(() => assertTransition(from, to)).not.toThrow();
    else expect(() => assertTransition(from, to)).toThrow(IllegalTransitionError);
  });

  it('never lets an order stand still or go back to CREATED', () => {
    for (const status of everyStatus) {
      expect(canTransition(status, status)).toBe(false);
      expect(canTransition(status, 'CREATED')).toBe(false);
    }
  });

  it('reaches SUCCESS only through a confirmed charge', () => {
    const intoSuccess = everyStatus.filter((from) => canTransition(from, 'SUCCESS'));
    expect(intoSuccess.sort()).toEqual(['BILL_PENDING', 'PAID', 'REFUND_PENDING']);
  });

  it('maps orders to the status modal: COMPLETED, FAILED or PENDING', () => {
    expect(paymentStatusOf('SUCCESS')).toBe('COMPLETED');
    expect(paymentStatusOf('PAYMENT_FAILED')).toBe('FAILED');
    expect(paymentStatusOf('REFUNDED')).toBe('FAILED');
    for (const status of [
      'CREATED',
      'PAYMENT_PENDING',
      'PAID',
      'BILL_PENDING',
      'BILL_FAILED',
      'REFUND_PENDING',
      'NEEDS_ATTENTION',
    ] as const)
      expect(paymentStatusOf(status)).toBe('PENDING');
  });

  it('enters NEEDS_ATTENTION only from an undecided charge, and holds the bill meanwhile', () => {
    const intoHold = everyStatus.filter((from) => canTransition(from, 'NEEDS_ATTENTION'));
    expect(intoHold.sort()).toEqual(['PAYMENT_FAILED', 'PAYMENT_PENDING']);
    expect(inFlightStatuses).toContain('NEEDS_ATTENTION');
  });
});
