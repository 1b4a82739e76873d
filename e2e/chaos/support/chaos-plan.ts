import type { GatewayChoice, GatewayFlag, PaymentPlan } from './journeys.ts';
import type { Random } from './random.ts';
import type { FaultRule } from './sandbox.ts';

/**
 * What a chaos run will do, decided up front from a seed: every customer's payment (gateway, bill,
 * button pressed, gateway-side faults, browser mishaps) and the outside-world faults injected while
 * they run. The api and gateways' own timeouts are short in the chaos system (3 s), so the delays
 * here outlast them: an answer that comes after the caller gave up.
 */

/** Customer-number endings the sandbox network answers specially (see apps/sandbox/README.md). */
const endings = [
  { weight: 0.7, ending: undefined, meaning: 'paid normally' },
  { weight: 0.1, ending: '0009', meaning: 'declined by the biller (refund)' },
  { weight: 0.1, ending: '0007', meaning: 'pending, then paid' },
  { weight: 0.1, ending: '0006', meaning: 'pending, then declined (refund)' },
] as const;

function weighted<T extends { weight: number }>(random: Random, options: readonly T[]): T {
  let roll = random.next() * options.reduce((total, option) => total + option.weight, 0);
  for (const option of options) {
    roll -= option.weight;
    if (roll < 0) return option;
  }
  return options.at(-1) as T;
}

/** Each gateway's page faults; a gateway not listed meets none. */
const flagOdds: Partial<Record<PaymentPlan['gateway'], Partial<Record<GatewayFlag, number>>>> = {
  payu: { fail: 0.07, pending: 0.07 },
  phonepe: { duplicate: 0.15, outOfOrder: 0.15, fail: 0.05, pending: 0.05 },
  razorpay: { duplicate: 0.15, outOfOrder: 0.15, fail: 0.07 },
};

/**
 * Abandoned checkouts (decision 064), at fixed places so that even a short run has them: one
 * customer in 25 leaves the gateway's page unpaid, one pays there only after we closed the order.
 */
function abandonedCheckout(index: number): Partial<PaymentPlan> {
  if (index % 25 === 3) return { leavesAtGateway: true, twoTabs: false };
  if (index % 25 === 16) return { paysAfterClose: true, choice: 'success', flags: [], twoTabs: false };
  return {};
}

function planOne(random: Random, index: number, numberFront: string): PaymentPlan {
  const gateway = weighted(random, [
    { weight: 0.4, value: 'payu' as const },
    { weight: 0.4, value: 'phonepe' as const },
    { weight: 0.2, value: 'razorpay' as const },
  ]).value;
  const product =
    gateway === 'razorpay' ? 'test' : gateway === 'phonepe' && random.chance(0.4) ? 'recharge' : 'bill';
  const choice: GatewayChoice = weighted(random, [
    { weight: 0.75, value: 'success' as const },
    { weight: 0.15, value: 'failure' as const },
    { weight: 0.1, value: 'pending' as const },
  ]).value;
  const flags = Object.entries(flagOdds[gateway] ?? {})
    .filter(([, odds]) => random.chance(odds))
    .map(([flag]) => flag as GatewayFlag);
  return {
    index,
    gateway,
    product,
    numberFront,
    ending: weighted(random, endings).ending ?? String(random.int(2000, 8999)),
    amountPaise: random.int(100, 500_000),
    planIndex: random.int(0, 50),
    choice,
    flags,
    returnLost: random.chance(0.1),
    repeatReturn: random.chance(0.12),
    retryAtGateway: random.chance(0.5),
    pollsStatus: random.chance(0.6),
    twoTabs: product === 'bill' && random.chance(0.05),
    ...abandonedCheckout(index),
  };
}

/** `count` payments; every consumer and mobile number differs from the others. */
export function planPayments(random: Random, count: number): PaymentPlan[] {
  const fronts = new Set<string>();
  const plans: PaymentPlan[] = [];
  while (plans.length < count) {
    const front = random.digits(16);
    // Recharges use the first five digits: keep those distinct too, so no two payments share a number.
    if (fronts.has(front.slice(0, 5))) continue;
    fronts.add(front.slice(0, 5));
    plans.push(planOne(random, plans.length, front));
  }
  return plans;
}

export interface OutsideFault {
  label: string;
  rule: FaultRule;
}

/** Faults of the outside world, injected in waves while the payments run (each for a few requests). */
export const outsideFaults: readonly OutsideFault[] = [
  {
    label: 'bill network down (503 on pay)',
    rule: { path: '/bou/npciservice/pay', kind: 'error', status: 503, count: 3 },
  },
  {
    label: 'bill payment answered after the api gave up (processed)',
    rule: { path: '/bou/npciservice/pay', kind: 'delay', delayMs: 4500, count: 2 },
  },
  {
    label: 'bill payment hangs, then 503 (not processed)',
    rule: { path: '/bou/npciservice/pay', kind: 'timeout', delayMs: 4000, count: 2 },
  },
  { label: 'bill payment declined', rule: { path: '/bou/npciservice/pay', kind: 'fail', count: 2 } },
  { label: 'bill payment pending', rule: { path: '/bou/npciservice/pay', kind: 'pending', count: 2 } },
  {
    label: 'bill network status down (503)',
    rule: { path: '/bou/npciservice/status', kind: 'error', status: 503, count: 3 },
  },
  {
    label: 'PayU verify/refund API down (502)',
    rule: { path: '/payu/merchant/postservice', kind: 'error', status: 502, count: 3 },
  },
  {
    label: 'PayU verify/refund API slower than our timeout',
    rule: { path: '/payu/merchant/postservice', kind: 'delay', delayMs: 4000, count: 2 },
  },
  {
    label: 'PhonePe order status down (500)',
    rule: { path: '/phonepe/checkout/v2/order/', kind: 'error', status: 500, count: 3 },
  },
  {
    label: 'PhonePe pay (hand-off) down (503)',
    rule: { path: '/phonepe/checkout/v2/pay', kind: 'error', status: 503, count: 1 },
  },
  {
    label: 'PhonePe refunds down (503)',
    rule: { path: '/phonepe/payments/v2/refund', kind: 'error', status: 503, count: 2 },
  },
  {
    label: 'Razorpay orders API slower than our timeout',
    rule: { path: '/razorpay/v1/orders', kind: 'delay', delayMs: 4000, count: 2 },
  },
  {
    label: 'Razorpay payments API down (503)',
    rule: { path: '/razorpay/v1/payments', kind: 'error', status: 503, count: 2 },
  },
];
