import {
  hexDigestsEqual,
  type RazorpayOrder,
  type RazorpayOrderRequest,
  type RazorpayPayment,
  type RazorpayRecurringOrder,
  type RazorpayRefund,
  razorpayDebitAwaited,
  razorpayDebitRetryable,
  razorpayPaymentSignature,
  razorpayWebhookSignature,
} from '@erti/protocols';
import type { OutsideCallRecorder } from '../outside-calls.ts';
import {
  amountInAnswer,
  type ChargeCheck,
  callGateway,
  checkedCharge,
  expectOk,
  type GatewayAnswer,
  type GatewayCall,
  type GatewayOrderRef,
  type PaymentGateway,
  type RefundCheck,
} from '../payment-gateway.ts';

export interface RazorpayOptions {
  /** Razorpay's base URL (`RAZORPAY_BASE_URL`, by default the sandbox's `/razorpay`), without `/v1`. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  timeoutMs: number;
  /** Hears of each call to the gateway (the metrics). */
  recordCall?: OutsideCallRecorder;
}

const paymentModes: Record<RazorpayPayment['method'], string> = {
  card: 'Debit Card',
  upi: 'UPI',
  netbanking: 'Internet Banking',
  wallet: 'Wallet',
  emi: 'Credit Card',
};

/**
 * Razorpay's payment states → ours: the one place they are mapped. A refunded payment was captured;
 * `created` and `authorized` are still pending; a word Razorpay does not document is unknown.
 */
export function razorpayChargeState(status: RazorpayPayment['status']): ChargeCheck['state'] | undefined {
  if (status === 'captured' || status === 'refunded') return 'PAID';
  if (status === 'failed') return 'FAILED';
  if (status === 'created' || status === 'authorized') return 'PENDING';
  return undefined;
}

export function razorpayRefundState(status: RazorpayRefund['status']): RefundCheck['state'] {
  if (status === 'processed') return 'COMPLETED';
  if (status === 'failed') return 'FAILED';
  return 'PENDING';
}

interface Collection<T> {
  count: number;
  items: T[];
}

function chargeOf(path: string, payment: RazorpayPayment): ChargeCheck {
  const { state, paymentId } = checkedCharge('razorpay', path, payment, {
    state: razorpayChargeState(payment.status),
    statusField: 'status',
    paymentId: payment.id,
    idField: 'id',
  });
  return {
    state,
    amountPaise: amountInAnswer(payment.amount, {
      gateway: 'razorpay',
      path,
      field: 'amount',
      answer: payment,
      unit: 'paise',
    }),
    paymentId,
    paymentMode: paymentModes[payment.method],
    instrument: { bankReference: payment.acquirer_data?.rrn ?? payment.acquirer_data?.bank_transaction_id },
    providerStatus: payment.status,
  };
}

/** The payment that decides an order: a captured one, else an open attempt, else the last failure. */
function decisivePayment(payments: RazorpayPayment[]): RazorpayPayment | undefined {
  return (
    payments.find((payment) => razorpayChargeState(payment.status) === 'PAID') ??
    payments.find((payment) => razorpayChargeState(payment.status) === 'PENDING') ??
    payments.at(-1)
  );
}

/**
 * Razorpay: Basic-auth orders, payments and refunds, the checkout signature over OUR stored order id,
 * and the webhook signature over the raw body.
 */
export function createRazorpayGateway(options: RazorpayOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  const call = (method: GatewayCall['method'], path: string, body?: unknown): Promise<GatewayAnswer> =>
    callGateway('razorpay', `${baseUrl}/v1${path}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      timeoutMs: options.timeoutMs,
      recordCall: options.recordCall,
    });

  async function api<T>(method: GatewayCall['method'], path: string, body?: unknown): Promise<T> {
    return expectOk<T>('razorpay', path, await call(method, path, body));
  }

  const paymentsOf = (order: GatewayOrderRef) =>
    api<Collection<RazorpayPayment>>(
      'GET',
      `/orders/${encodeURIComponent(order.gatewayOrderId ?? '')}/payments`,
    );

  const gateway: PaymentGateway = {
    name: 'razorpay',

    async checkCharge(order) {
      if (!order.gatewayOrderId) return { state: 'NOT_FOUND', providerStatus: 'no Razorpay order' };
      const path = `/orders/${order.gatewayOrderId}/payments`;
      const { items } = await paymentsOf(order);
      // Any attempt in a state we do not know might be the charge: it is read (and refused) first.
      const payment = items.find((item) => !razorpayChargeState(item.status)) ?? decisivePayment(items);
      const charge = payment && chargeOf(path, payment);
      if (charge && charge.state !== 'FAILED') return charge;
      // An AutoPay debit not yet attempted, or failed but open to a retry, is not over (decision 075).
      const razorpayOrder = await api<RazorpayRecurringOrder>('GET', `/orders/${order.gatewayOrderId}`);
      const nowSeconds = Math.floor(Date.now() / 1000);
      if (!charge)
        return razorpayDebitAwaited(razorpayOrder, nowSeconds)
          ? { state: 'PENDING', providerStatus: 'notified, not yet debited' }
          : { state: 'NOT_FOUND', providerStatus: 'no payment attempt' };
      return razorpayDebitRetryable(razorpayOrder, items.length, nowSeconds)
        ? { ...charge, state: 'PENDING', providerStatus: 'failed, a retry may follow' }
        : charge;
    },

    async refund(refund) {
      const paymentId = refund.order.gatewayPaymentId;
      if (!paymentId) return { state: 'FAILED', providerStatus: 'no Razorpay payment to refund' };
      // Razorpay has no refund idempotency key: our refund id is the receipt, looked up before asking again.
      const existing = await api<Collection<RazorpayRefund>>(
        'GET',
        `/payments/${encodeURIComponent(paymentId)}/refunds`,
      );
      const earlier = existing.items.find((item) => item.receipt === refund.refundId);
      const created =
        earlier ??
        (await api<RazorpayRefund>('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, {
          amount: refund.amountPaise,
          speed: 'normal',
          receipt: refund.refundId,
          notes: { note: refund.note.slice(0, 250) },
        }));
      return {
        state: razorpayRefundState(created.status),
        gatewayRefundId: created.id,
        providerStatus: created.status,
      };
    },

    async checkRefund(refund) {
      if (!refund.gatewayRefundId) return gateway.refund(refund);
      const found = await api<RazorpayRefund>(
        'GET',
        `/refunds/${encodeURIComponent(refund.gatewayRefundId)}`,
      );
      return {
        state: razorpayRefundState(found.status),
        gatewayRefundId: found.id,
        providerStatus: found.status,
      };
    },
  };

  return {
    ...gateway,
    keyId: options.keyId,
    /** Any call on the key (the recurring payments in razorpay-mandates.ts): the answer as it came, or parsed. */
    call,
    api,
    /** The hosted checkout the browser form-posts to. */
    checkoutUrl: `${baseUrl}/v1/checkout/embedded`,

    createOrder: (request: RazorpayOrderRequest) => api<RazorpayOrder>('POST', '/orders', request),

    fetchPayment: async (paymentId: string) => {
      const path = `/payments/${encodeURIComponent(paymentId)}`;
      return chargeOf(path, await api<RazorpayPayment>('GET', path));
    },

    /** The checkout's signature, computed over the order id WE stored, never the posted one. */
    paymentSignatureValid(storedOrderId: string, paymentId: string, signature: string): boolean {
      return hexDigestsEqual(
        razorpayPaymentSignature(storedOrderId, paymentId, options.keySecret),
        signature,
      );
    },

    webhookSignatureValid(rawBody: Buffer, signature: string | undefined): boolean {
      return (
        !!signature && hexDigestsEqual(razorpayWebhookSignature(rawBody, options.webhookSecret), signature)
      );
    },
  };
}

export type RazorpayGateway = ReturnType<typeof createRazorpayGateway>;
