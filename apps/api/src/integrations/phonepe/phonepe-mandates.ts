import { MANDATE_AUTHORISATION_PAISE } from '@erti/contracts';
import {
  PHONEPE_NOTICE_MS,
  PHONEPE_REDEMPTION_ATTEMPTS,
  type PhonepeError,
  type PhonepeNotifyRequest,
  type PhonepeNotifyResponse,
  type PhonepePayResponse,
  type PhonepeSubscriptionFrequency,
  type PhonepeSubscriptionOrderStatus,
  type PhonepeSubscriptionSetupRequest,
  type PhonepeSubscriptionStatus,
  phonepeNextOffPeak,
  phonepeOffPeak,
} from '@erti/protocols';
import {
  type DebitCheck,
  type DebitNotice,
  type DebitRef,
  type MandateFrequency,
  type MandateGateway,
  type MandateRef,
  type MandateRefusal,
  MandateRefusedError,
  type MandateState,
  type MandateStatus,
} from '../mandate-gateway.ts';
import {
  amountInAnswer,
  expectOk,
  type GatewayAnswer,
  GatewayAnswerUnreadableError,
} from '../payment-gateway.ts';
import type { PhonepeGateway } from './phonepe-gateway.ts';

/** PhonePe's penny-drop authorisation: ₹2, returned to the customer (no fee for a mandate). */
const AUTHORISATION_PAISE = MANDATE_AUTHORISATION_PAISE.phonepe;

const frequencies: Record<MandateFrequency, PhonepeSubscriptionFrequency> = {
  AS_PRESENTED: 'ON_DEMAND',
  MONTHLY: 'MONTHLY',
  BIMONTHLY: 'BIMONTHLY',
  QUARTERLY: 'QUARTERLY',
  YEARLY: 'YEARLY',
};

/** PhonePe's subscription states → ours: the one place they are mapped; an unknown word is unreadable. */
const mandateStates: Record<string, MandateState> = {
  CREATED: 'PENDING',
  AUTH_IN_PROGRESS: 'PENDING',
  ACTIVE: 'ACTIVE',
  PAUSED: 'PAUSED',
  REVOKED: 'REVOKED',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'EXPIRED',
  FAILED: 'FAILED',
};

/** A redemption order's states → a debit's. */
const debitStates: Record<string, DebitCheck['state']> = {
  NOTIFICATION_IN_PROGRESS: 'NOTIFYING',
  NOTIFIED: 'NOT_ATTEMPTED',
  PENDING: 'PENDING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
};

const noticeStates: Record<string, DebitNotice['state']> = {
  NOTIFICATION_IN_PROGRESS: 'NOTIFYING',
  NOTIFIED: 'NOTIFIED',
  FAILED: 'FAILED',
};

/** PhonePe's refusal codes AutoPay acts on (the rest are GatewayRejectedError). */
const refusals: Record<string, MandateRefusal> = {
  SUBSCRIPTION_NOT_ACTIVE: 'MANDATE_NOT_ACTIVE',
  AMOUNT_LIMIT_EXCEEDED: 'ABOVE_MANDATE_LIMIT',
  NOT_NOTIFIED: 'NOT_NOTIFIED',
  REDEMPTION_TOO_EARLY: 'TOO_EARLY',
  RETRY_OUTSIDE_OFF_PEAK: 'OUTSIDE_RETRY_WINDOW',
  RETRIES_EXHAUSTED: 'RETRIES_EXHAUSTED',
};

const errorOf = (body: unknown) => {
  const error = (body ?? {}) as PhonepeError;
  return { code: error.code ?? error.errorCode ?? '', message: error.message ?? '' };
};

/** A known refusal as MandateRefusedError; anything else not 2xx as GatewayRejectedError. */
function okOrRefused<T>(path: string, answer: GatewayAnswer): T {
  const { code, message } = errorOf(answer.body);
  const reason = answer.status === 400 ? refusals[code] : undefined;
  if (reason) throw new MandateRefusedError('phonepe', reason, `${code}: ${message}`);
  return expectOk<T>('phonepe', path, answer);
}

/** A word from PhonePe's answer through one of the maps above, or GatewayAnswerUnreadableError. */
function mapped<T>(map: Record<string, T>, word: unknown, path: string, answer: unknown): T {
  const value = typeof word === 'string' && Object.hasOwn(map, word) ? map[word] : undefined;
  if (value === undefined) throw new GatewayAnswerUnreadableError('phonepe', path, 'status (state)', answer);
  return value;
}

/**
 * PhonePe AutoPay behind the mandate interface (decision 075): the setup checkout (penny drop,
 * variable amounts up to the cap), subscription status, notify with CUSTOM retries (we retry, in the
 * off-peak windows only), redeem, the redemption order's status and cancel. `now` is the api's clock.
 */
export function createPhonepeMandates(
  phonepe: PhonepeGateway,
  now: () => Date = () => new Date(),
): MandateGateway {
  const mandatePath = (mandateId: string) => `/subscriptions/v2/${encodeURIComponent(mandateId)}`;
  const orderPath = (debitId: string) => `/subscriptions/v2/order/${encodeURIComponent(debitId)}/status`;

  async function status(mandate: MandateRef): Promise<MandateStatus> {
    const path = `${mandatePath(mandate.mandateId)}/status`;
    const answer = await phonepe.call(path, { method: 'GET' });
    const subscription = expectOk<PhonepeSubscriptionStatus>('phonepe', path, answer);
    return {
      state: mapped(mandateStates, subscription.state, path, subscription),
      maxAmountPaise: amountInAnswer(subscription.maxAmount, {
        gateway: 'phonepe',
        path,
        field: 'maxAmount',
        answer: subscription,
        unit: 'paise',
      }),
      gatewayRefs: mandate.gatewayRefs,
      providerStatus: subscription.state,
    };
  }

  async function checkDebit(debit: DebitRef): Promise<DebitCheck> {
    const path = orderPath(debit.debitId);
    const order = expectOk<PhonepeSubscriptionOrderStatus>(
      'phonepe',
      path,
      await phonepe.call(path, { method: 'GET' }),
    );
    const state = mapped(debitStates, order.state, path, order);
    const latest = order.paymentDetails?.at(-1);
    const attempts = order.paymentDetails?.length ?? 0;
    if (state === 'COMPLETED' && !latest?.transactionId)
      throw new GatewayAnswerUnreadableError('phonepe', path, 'id (paymentDetails[].transactionId)', order);
    return {
      state,
      amountPaise: amountInAnswer(order.amount, {
        gateway: 'phonepe',
        path,
        field: 'amount',
        answer: order,
        unit: 'paise',
      }),
      paymentId: latest?.transactionId,
      attempts,
      retryable:
        state === 'FAILED' &&
        attempts > 0 &&
        attempts < PHONEPE_REDEMPTION_ATTEMPTS &&
        now().getTime() < order.expireAt,
      providerStatus: `${order.state}${order.errorCode ? `/${order.errorCode}` : ''}`,
    };
  }

  /** Our side of PhonePe's rules, before asking: never a second debit, a retry only off-peak. */
  function refusalBeforeRedeem(check: DebitCheck): MandateRefusal | undefined {
    if (check.state === 'NOTIFYING' || (check.state === 'FAILED' && check.attempts === 0))
      return 'NOT_NOTIFIED';
    if (check.state !== 'FAILED') return undefined;
    if (!check.retryable) return 'RETRIES_EXHAUSTED';
    return phonepeOffPeak(now()) ? undefined : 'OUTSIDE_RETRY_WINDOW';
  }

  return {
    name: 'phonepe',

    async setUp(setup) {
      const request: PhonepeSubscriptionSetupRequest = {
        merchantOrderId: setup.setupOrderId,
        amount: AUTHORISATION_PAISE,
        metaInfo: { udf1: setup.mandateId, udf2: setup.description.slice(0, 250) },
        paymentFlow: {
          type: 'SUBSCRIPTION_CHECKOUT_SETUP',
          merchantUrls: { redirectUrl: setup.returnUrl, cancelRedirectUrl: setup.returnUrl },
          subscriptionDetails: {
            subscriptionType: 'RECURRING',
            merchantSubscriptionId: setup.mandateId,
            authWorkflowType: 'PENNY_DROP',
            amountType: 'VARIABLE',
            maxAmount: setup.maxAmountPaise,
            frequency: frequencies[setup.frequency],
            expireAt: setup.validUntil.getTime(),
          },
        },
      };
      const path = '/checkout/v2/pay';
      const created = expectOk<PhonepePayResponse>(
        'phonepe',
        path,
        await phonepe.call(path, { method: 'POST', body: request }),
      );
      if (typeof created?.orderId !== 'string' || typeof created.redirectUrl !== 'string')
        throw new GatewayAnswerUnreadableError('phonepe', path, 'id (orderId, redirectUrl)', created);
      return {
        mandate: { mandateId: setup.mandateId, gatewayRefs: { setupOrderId: created.orderId } },
        handOff: { method: 'GET', url: created.redirectUrl },
      };
    },

    status,

    async notify(mandate, debit) {
      const request: PhonepeNotifyRequest = {
        merchantOrderId: debit.debitId,
        amount: debit.amountPaise,
        metaInfo: { udf1: mandate.mandateId, udf2: debit.description.slice(0, 250) },
        paymentFlow: {
          type: 'SUBSCRIPTION_REDEMPTION',
          merchantSubscriptionId: mandate.mandateId,
          redemptionRetryStrategy: 'CUSTOM',
          autoDebit: false,
        },
      };
      const path = '/subscriptions/v2/notify';
      const notice = okOrRefused<PhonepeNotifyResponse>(
        path,
        await phonepe.call(path, { method: 'POST', body: request }),
      );
      if (typeof notice?.orderId !== 'string')
        throw new GatewayAnswerUnreadableError('phonepe', path, 'id (orderId)', notice);
      const earliest = now().getTime() + PHONEPE_NOTICE_MS;
      return {
        state: mapped(noticeStates, notice.state, path, notice),
        gatewayOrderId: notice.orderId,
        debitableFrom: new Date(Math.max(earliest, debit.debitAt.getTime())),
        providerStatus: notice.state,
      };
    },

    async debit(debit) {
      const before = await checkDebit(debit);
      if (before.state === 'COMPLETED' || before.state === 'PENDING') return before;
      const refusal = refusalBeforeRedeem(before);
      if (refusal) throw new MandateRefusedError('phonepe', refusal, before.providerStatus);
      const path = '/subscriptions/v2/redeem';
      const answer = await phonepe.call(path, { method: 'POST', body: { merchantOrderId: debit.debitId } });
      if (answer.status === 400 && errorOf(answer.body).code === 'ORDER_ALREADY_COMPLETED')
        return checkDebit(debit);
      okOrRefused(path, answer);
      return checkDebit(debit);
    },

    checkDebit,

    nextRetryAt: phonepeNextOffPeak,

    async cancel(mandate) {
      const path = `${mandatePath(mandate.mandateId)}/cancel`;
      const answer = await phonepe.call(path, { method: 'POST' });
      const after = await status(mandate);
      if (answer.status >= 200 && answer.status < 300) return after;
      // Refused because it had already ended (the customer revoked it, it expired): it is over either way.
      if (['REVOKED', 'CANCELLED', 'EXPIRED', 'FAILED'].includes(after.state)) return after;
      return expectOk<never>('phonepe', path, answer);
    },
  };
}
