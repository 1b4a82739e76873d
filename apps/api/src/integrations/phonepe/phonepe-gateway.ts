import {
  hexDigestsEqual,
  PHONEPE_REDEMPTION_ATTEMPTS,
  type PhonepeError,
  type PhonepeOrderStatusResponse,
  type PhonepePaymentDetail,
  type PhonepePayRequest,
  type PhonepePayResponse,
  type PhonepeRefundResponse,
  type PhonepeRefundState,
  type PhonepeRefundStatusResponse,
  type PhonepeSubscriptionOrderStatus,
  type PhonepeTokenResponse,
  phonepeCallbackAuthorization,
} from '@erti/protocols';
import type { OutsideCallRecorder } from '../outside-calls.ts';
import {
  amountInAnswer,
  type ChargeCheck,
  callGateway,
  checkedCharge,
  expectOk,
  type GatewayAnswer,
  type PaymentGateway,
  type RefundCheck,
} from '../payment-gateway.ts';

export interface PhonepeOptions {
  /** PhonePe's PG base URL (`PHONEPE_BASE_URL`, by default the sandbox's `/phonepe`). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  callbackUsername: string;
  callbackPassword: string;
  timeoutMs: number;
  /** Hears of each call to the gateway (the metrics). */
  recordCall?: OutsideCallRecorder;
}

/** PhonePe's payment modes → Bharat Connect's. */
function bbpsPaymentMode(detail: PhonepePaymentDetail | undefined): string | undefined {
  if (!detail) return undefined;
  if (detail.paymentMode.startsWith('UPI')) return 'UPI';
  if (detail.paymentMode === 'NET_BANKING') return 'Internet Banking';
  if (detail.paymentMode === 'PPE_INTENT') return 'Wallet';
  return 'Debit Card';
}

/** PhonePe's order states → ours: the one place they are mapped. A state PhonePe does not document is unknown. */
export function phonepeChargeState(
  state: PhonepeOrderStatusResponse['state'],
): ChargeCheck['state'] | undefined {
  if (state === 'COMPLETED') return 'PAID';
  if (state === 'FAILED') return 'FAILED';
  if (state === 'PENDING') return 'PENDING';
  return undefined;
}

/** PhonePe's refund states → ours (CONFIRMED is accepted, not yet done). */
export function phonepeRefundState(state: PhonepeRefundState): RefundCheck['state'] {
  if (state === 'COMPLETED') return 'COMPLETED';
  if (state === 'FAILED') return 'FAILED';
  return 'PENDING';
}

const errorCode = (body: unknown) => {
  const error = (body ?? {}) as PhonepeError;
  return `${error.code ?? error.errorCode ?? ''} ${error.message ?? ''}`.trim();
};

/**
 * PhonePe Standard Checkout v2: an O-Bearer token (refreshed at half its life, and once more on a
 * 401), pay, order status, refund and refund status, and the S2S callback's authorization check.
 */
export function createPhonepeGateway(options: PhonepeOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  let token: { value: string; refreshAt: number } | undefined;

  async function fetchToken(): Promise<string> {
    const answer = await callGateway('phonepe', `${baseUrl}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_version: options.clientVersion,
        grant_type: 'client_credentials',
      }).toString(),
      timeoutMs: options.timeoutMs,
      recordCall: options.recordCall,
    });
    const issued = expectOk<PhonepeTokenResponse>('phonepe', 'oauth/token', answer);
    const halfLife = ((issued.expires_at - issued.issued_at) * 1000) / 2;
    token = {
      value: `${issued.token_type} ${issued.access_token}`,
      refreshAt: issued.issued_at * 1000 + halfLife,
    };
    return token.value;
  }

  async function authorised(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
  ): Promise<GatewayAnswer> {
    const send = async (authorization: string) =>
      callGateway('phonepe', `${baseUrl}${path}`, {
        method: init.method,
        headers: { authorization, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
        timeoutMs: options.timeoutMs,
        recordCall: options.recordCall,
      });
    const current = token && Date.now() < token.refreshAt ? token.value : await fetchToken();
    const answer = await send(current);
    return answer.status === 401 ? send(await fetchToken()) : answer;
  }

  async function refundStatus(refundId: string): Promise<RefundCheck> {
    const path = `/payments/v2/refund/${encodeURIComponent(refundId)}/status`;
    const answer = await authorised(path, { method: 'GET' });
    if (answer.status === 400 || answer.status === 404)
      return { state: 'PENDING', providerStatus: `not found yet: ${errorCode(answer.body)}` };
    const status = expectOk<PhonepeRefundStatusResponse>('phonepe', path, answer);
    return {
      state: phonepeRefundState(status.state),
      gatewayRefundId: status.refundId,
      providerStatus: status.state,
    };
  }

  /** A charge from an order's status answer (a checkout's or an AutoPay debit's), read as `read`. */
  function chargeOf(
    path: string,
    status: Pick<PhonepeOrderStatusResponse, 'amount' | 'errorCode' | 'paymentDetails'> & { state: string },
    read: ChargeCheck['state'] | undefined,
    label = '',
  ): ChargeCheck {
    const latest = status.paymentDetails?.at(-1);
    const { state, paymentId } = checkedCharge('phonepe', path, status, {
      state: read,
      statusField: 'state',
      paymentId: latest?.transactionId,
      idField: 'paymentDetails[].transactionId',
    });
    return {
      state,
      amountPaise: amountInAnswer(status.amount, {
        gateway: 'phonepe',
        path,
        field: 'amount',
        answer: status,
        unit: 'paise',
      }),
      paymentId,
      paymentMode: bbpsPaymentMode(latest),
      instrument: { bankReference: latest?.rail?.utr },
      providerStatus: `${label}${status.state}${status.errorCode ? `/${status.errorCode}` : ''}`,
    };
  }

  /**
   * The charge of an AutoPay debit, if the order is one: completed is paid; a failed attempt PhonePe
   * would still take a retry of stays pending (the debit is not over). So does a notice not redeemed
   * yet while PhonePe would still redeem it: our debit opened the order and may be retrying a redeem
   * that did not get through, so it is not a hand-off to close as abandoned. After that, no payment.
   */
  async function debitCharge(merchantOrderId: string): Promise<ChargeCheck | undefined> {
    const path = `/subscriptions/v2/order/${encodeURIComponent(merchantOrderId)}/status`;
    const answer = await authorised(path, { method: 'GET' });
    if (answer.status === 400 || answer.status === 404) return undefined;
    const status = expectOk<PhonepeSubscriptionOrderStatus>('phonepe', path, answer);
    const attempts = status.paymentDetails?.length ?? 0;
    const retryable = attempts > 0 && attempts < PHONEPE_REDEMPTION_ATTEMPTS && Date.now() < status.expireAt;
    const read =
      status.state === 'FAILED'
        ? attempts === 0
          ? 'NOT_FOUND'
          : retryable
            ? 'PENDING'
            : 'FAILED'
        : status.state === 'NOTIFIED' || status.state === 'NOTIFICATION_IN_PROGRESS'
          ? Date.now() < status.expireAt
            ? 'PENDING'
            : 'NOT_FOUND'
          : phonepeChargeState(status.state);
    return chargeOf(path, status, read, 'autopay ');
  }

  const gateway: PaymentGateway = {
    name: 'phonepe',

    async checkCharge(order) {
      const path = `/checkout/v2/order/${encodeURIComponent(order.merchantOrderId)}/status`;
      const answer = await authorised(path, { method: 'GET' });
      // Not a checkout: it may be an AutoPay debit (a redemption order), charged as any payment.
      if (answer.status === 400 || answer.status === 404)
        return (
          (await debitCharge(order.merchantOrderId)) ?? {
            state: 'NOT_FOUND',
            providerStatus: errorCode(answer.body),
          }
        );
      const status = expectOk<PhonepeOrderStatusResponse>('phonepe', path, answer);
      const latest = status.paymentDetails?.at(-1);
      // An open order nobody has tried to pay yet is, for us, no payment at all.
      const attempted = latest !== undefined || status.state !== 'PENDING';
      return chargeOf(path, status, attempted ? phonepeChargeState(status.state) : 'NOT_FOUND');
    },

    async refund(refund) {
      const answer = await authorised('/payments/v2/refund', {
        method: 'POST',
        body: {
          merchantRefundId: refund.refundId,
          originalMerchantOrderId: refund.order.merchantOrderId,
          amount: refund.amountPaise,
        },
      });
      // Our refund id is the merchantRefundId: a duplicate means an earlier request of ours went through.
      if (answer.status === 400 && /duplicat/i.test(errorCode(answer.body)))
        return refundStatus(refund.refundId);
      if (answer.status === 400) return { state: 'FAILED', providerStatus: errorCode(answer.body) };
      const created = expectOk<PhonepeRefundResponse>('phonepe', '/payments/v2/refund', answer);
      return {
        state: phonepeRefundState(created.state),
        gatewayRefundId: created.refundId,
        providerStatus: created.state,
      };
    },

    checkRefund: (refund) => refundStatus(refund.refundId),
  };

  return {
    ...gateway,

    /** Any authorised call (the AutoPay calls in phonepe-mandates.ts); the caller reads the answer. */
    call: authorised,

    async pay(request: PhonepePayRequest): Promise<PhonepePayResponse> {
      const answer = await authorised('/checkout/v2/pay', { method: 'POST', body: request });
      return expectOk<PhonepePayResponse>('phonepe', '/checkout/v2/pay', answer);
    },

    /** The S2S callback carries sha256(username:password) in `Authorization`. */
    callbackAuthorised(header: string | undefined): boolean {
      if (!header) return false;
      const expected = phonepeCallbackAuthorization(options.callbackUsername, options.callbackPassword);
      return hexDigestsEqual(expected, header.replace(/^SHA256\s+/i, '').trim());
    },
  };
}

export type PhonepeGateway = ReturnType<typeof createPhonepeGateway>;
