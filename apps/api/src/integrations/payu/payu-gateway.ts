import {
  hexDigestsEqual,
  type PayuActionStatusResponse,
  type PayuCommand,
  type PayuRefundResponse,
  type PayuVerifiedTransaction,
  type PayuVerifyResponse,
  paiseToPayuAmount,
  payuCommandHash,
  payuRequestHash,
  payuResponseHash,
} from '@erti/protocols';
import type { OutsideCallRecorder } from '../outside-calls.ts';
import {
  amountInAnswer,
  type ChargeCheck,
  callGateway,
  checkedCharge,
  expectOk,
  type GatewayRefundRef,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundCheck,
} from '../payment-gateway.ts';

export interface PayuOptions {
  /** PayU's base URL (`PAYU_BASE_URL`, by default the sandbox's `/payu`). */
  baseUrl: string;
  key: string;
  salt: string;
  timeoutMs: number;
  /** Hears of each call to the gateway (the metrics). */
  recordCall?: OutsideCallRecorder;
}

/** What our site puts in PayU's `_payment` form. */
export interface PayuCheckout {
  txnid: string;
  amountPaise: number;
  productinfo: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  udf1: string;
  surl: string;
  furl: string;
}

/** PayU's payment modes (`mode`) as Bharat Connect names them. */
const paymentModes: Record<string, string> = {
  CC: 'Credit Card',
  DC: 'Debit Card',
  NB: 'Internet Banking',
  UPI: 'UPI',
  CASH: 'Wallet',
  EMI: 'Credit Card',
};

/**
 * PayU's payment states → ours: the one place they are mapped. Only `pending` is still pending
 * (PayU folds `in progress` into it); a word PayU does not document is unknown, never a guess.
 */
export function payuChargeState(transaction: PayuVerifiedTransaction): ChargeCheck['state'] | undefined {
  if (transaction.status === 'Not Found') return 'NOT_FOUND';
  if (transaction.status === 'success') return 'PAID';
  if (transaction.status === 'failure') return 'FAILED';
  if (transaction.status === 'pending') return 'PENDING';
  return undefined;
}

/** PayU's refund action states → ours. */
export function payuRefundState(status: string): RefundCheck['state'] {
  const normalised = status.toLowerCase();
  if (normalised === 'success') return 'COMPLETED';
  if (normalised === 'failure' || normalised === 'failed' || normalised === 'cancelled') return 'FAILED';
  return 'PENDING';
}

/** PayU refund initiation codes that mean "accepted" (queued, pending, requested, in progress, done). */
const refundAccepted = new Set([100, 101, 102, 126, 127]);

/**
 * PayU India: the hosted checkout form with its request hash, the reverse hash of what PayU posts
 * back, and the postservice API (verify_payment, cancel_refund_transaction, check_action_status).
 */
export function createPayuGateway(options: PayuOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const postserviceUrl = `${baseUrl}/merchant/postservice.php?form=2`;

  async function command<T>(name: PayuCommand, var1: string, extra: Record<string, string> = {}): Promise<T> {
    const body = new URLSearchParams({
      key: options.key,
      command: name,
      var1,
      ...extra,
      hash: payuCommandHash(options.key, name, var1, options.salt),
    });
    const answer = await callGateway('payu', postserviceUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      timeoutMs: options.timeoutMs,
      recordCall: options.recordCall,
    });
    const parsed = expectOk<T & { msg?: string }>('payu', name, answer);
    if (typeof parsed !== 'object' || parsed === null)
      throw new GatewayUnavailableError('payu', name, 'unreadable answer');
    return parsed;
  }

  async function findRefundAction(refund: GatewayRefundRef) {
    const byRequest = refund.gatewayRefundId !== null;
    const answer = await command<PayuActionStatusResponse>(
      'check_action_status',
      byRequest ? (refund.gatewayRefundId as string) : (refund.order.gatewayPaymentId ?? ''),
      byRequest ? {} : { var2: 'payuid' },
    );
    const actions = Object.values(answer.transaction_details ?? {}).flatMap((byId) => Object.values(byId));
    return actions.find((action) => action.token === refund.refundId);
  }

  const gateway: PaymentGateway = {
    name: 'payu',

    async checkCharge(order) {
      const answer = await command<PayuVerifyResponse>('verify_payment', order.merchantOrderId);
      const transaction = answer.transaction_details?.[order.merchantOrderId];
      if (!transaction) return { state: 'NOT_FOUND', providerStatus: answer.msg };
      const { state, paymentId } = checkedCharge('payu', 'verify_payment', answer, {
        state: payuChargeState(transaction),
        statusField: 'status',
        paymentId: transaction.mihpayid !== 'Not Found' ? transaction.mihpayid : undefined,
        idField: 'mihpayid',
      });
      return {
        state,
        amountPaise: amountInAnswer(transaction.transaction_amount ?? transaction.amt, {
          gateway: 'payu',
          path: 'verify_payment',
          field: transaction.transaction_amount === undefined ? 'amt' : 'transaction_amount',
          answer,
          unit: 'rupees',
        }),
        paymentId,
        paymentMode: transaction.mode ? paymentModes[transaction.mode] : undefined,
        instrument: { bankReference: transaction.bank_ref_num },
        providerStatus: `${transaction.status}/${transaction.unmappedstatus ?? ''}`,
      };
    },

    async refund(refund) {
      if (!refund.order.gatewayPaymentId)
        return { state: 'FAILED', providerStatus: 'no PayU payment id to refund' };
      const answer = await command<PayuRefundResponse>(
        'cancel_refund_transaction',
        refund.order.gatewayPaymentId,
        {
          var2: refund.refundId,
          var3: paiseToPayuAmount(refund.amountPaise),
        },
      );
      if (refundAccepted.has(answer.error_code))
        return { state: 'PENDING', gatewayRefundId: answer.request_id, providerStatus: answer.msg };
      // Our refund id is PayU's token: "already exists" means an earlier request of ours went through.
      if (answer.error_code === 106)
        return gateway.checkRefund({ ...refund, gatewayRefundId: answer.request_id ?? null });
      return { state: 'FAILED', providerStatus: `${answer.error_code} ${answer.msg}` };
    },

    async checkRefund(refund) {
      const action = await findRefundAction(refund);
      if (!action) return { state: 'PENDING', providerStatus: 'refund not listed yet' };
      return {
        state: payuRefundState(action.status),
        gatewayRefundId: action.request_id,
        providerStatus: action.status,
      };
    },
  };

  return {
    ...gateway,
    /** Where the browser posts the checkout form. */
    paymentUrl: `${baseUrl}/_payment`,

    /** The `_payment` form fields, signed with the request hash. */
    checkoutFields(checkout: PayuCheckout) {
      const fields = {
        key: options.key,
        txnid: checkout.txnid,
        amount: paiseToPayuAmount(checkout.amountPaise),
        productinfo: checkout.productinfo,
        firstname: checkout.firstname,
        lastname: checkout.lastname,
        email: checkout.email,
        phone: checkout.phone,
        udf1: checkout.udf1,
        surl: checkout.surl,
        furl: checkout.furl,
      };
      return { ...fields, hash: payuRequestHash(fields, options.salt) };
    },

    /** Is this post back really from PayU (our key, and the reverse hash over what it says)? */
    postbackAuthentic(fields: Record<string, string | undefined>): boolean {
      if (fields.key !== options.key || !fields.hash || !fields.status) return false;
      const expected = payuResponseHash(
        {
          key: options.key,
          txnid: fields.txnid ?? '',
          amount: fields.amount ?? '',
          productinfo: fields.productinfo ?? '',
          firstname: fields.firstname ?? '',
          email: fields.email ?? '',
          udf1: fields.udf1,
          udf2: fields.udf2,
          udf3: fields.udf3,
          udf4: fields.udf4,
          udf5: fields.udf5,
          status: fields.status,
          additionalCharges: fields.additional_charges ?? fields.additionalCharges,
        },
        options.salt,
      );
      return hexDigestsEqual(expected, fields.hash);
    },
  };
}

export type PayuGateway = ReturnType<typeof createPayuGateway>;
