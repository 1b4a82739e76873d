import { createHash, timingSafeEqual } from 'node:crypto';
import { paiseOrUndefined, parseRupees, rupeesFromPaise } from '@erti/contracts/rupees';

/** PayU hosted checkout (`_payment`) fields that take part in the hash. */
export interface PayuHashFields {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
}

const sha512 = (value: string) => createHash('sha512').update(value).digest('hex');
const udfs = (fields: PayuHashFields) =>
  [fields.udf1, fields.udf2, fields.udf3, fields.udf4, fields.udf5].map((udf) => udf ?? '');

/** Request hash: sha512(key|txnid|amount|productinfo|firstname|email|udf1..udf5||||||SALT). */
export function payuRequestHash(fields: PayuHashFields, salt: string): string {
  const parts = [
    fields.key,
    fields.txnid,
    fields.amount,
    fields.productinfo,
    fields.firstname,
    fields.email,
    ...udfs(fields),
  ];
  return sha512(`${parts.join('|')}||||||${salt}`);
}

/** Reverse (response) hash posted to surl/furl: the request sequence reversed, SALT and status first. */
export function payuResponseHash(
  fields: PayuHashFields & { status: string; additionalCharges?: string },
  salt: string,
): string {
  const reversed = [...udfs(fields)].reverse();
  const parts = [
    salt,
    fields.status,
    '',
    '',
    '',
    '',
    '',
    ...reversed,
    fields.email,
    fields.firstname,
    fields.productinfo,
    fields.amount,
    fields.txnid,
    fields.key,
  ];
  const body = parts.join('|');
  return sha512(fields.additionalCharges ? `${fields.additionalCharges}|${body}` : body);
}

/** General ("postservice") API hash: sha512(key|command|var1|SALT). */
export function payuCommandHash(key: string, command: string, var1: string, salt: string): string {
  return sha512(`${key}|${command}|${var1}|${salt}`);
}

/** Constant-time comparison of two hex digests. */
export function hexDigestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase(), 'utf8');
  const right = Buffer.from(b.toLowerCase(), 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** PayU amounts are rupee strings with two decimals; a RangeError for anything but whole paise. */
export const paiseToPayuAmount = (paise: number): string => rupeesFromPaise(paise);

/**
 * A PayU amount ("499", "499.5", "499.00", "499.000", or a JSON number) to paise, by the one rupee
 * parser: zeros past the paise are taken; a fraction of a paisa is no amount (undefined).
 */
export const payuAmountToPaise = (amount: string | number): number | undefined =>
  paiseOrUndefined(parseRupees(amount, 'gateway'));

/** PayU's payment states (`status`) and the finer `unmappedstatus` values (protocols.md §1.5). */
export type PayuStatus = 'success' | 'failure' | 'pending';
export type PayuUnmappedStatus =
  | 'captured'
  | 'auth'
  | 'userCancelled'
  | 'bounced'
  | 'dropped'
  | 'failed'
  | 'pending'
  | 'in progress';

/** The `_payment` form the browser posts to PayU (hosted checkout). */
export interface PayuPaymentForm extends PayuHashFields {
  lastname?: string;
  phone: string;
  surl: string;
  furl: string;
  hash: string;
}

/** What PayU form-posts back to `surl` (success) or `furl` (failure, pending). Every value a string. */
export interface PayuPostback {
  mihpayid: string;
  mode: string;
  status: PayuStatus;
  unmappedstatus: PayuUnmappedStatus;
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  udf1: string;
  udf2: string;
  udf3: string;
  udf4: string;
  udf5: string;
  hash: string;
  bank_ref_num: string;
  bankcode: string;
  PG_TYPE: string;
  error: string;
  error_Message: string;
  addedon: string;
  net_amount_debit: string;
  cardnum?: string;
  additional_charges?: string;
}

/** PayU's postservice commands this product uses. */
export type PayuCommand = 'verify_payment' | 'cancel_refund_transaction' | 'check_action_status';

/** One transaction of a `verify_payment` answer; `status` is 'Not Found' for an unknown txnid. */
export interface PayuVerifiedTransaction {
  mihpayid: string;
  txnid: string;
  status: PayuStatus | 'Not Found';
  unmappedstatus?: PayuUnmappedStatus;
  amt?: string;
  transaction_amount?: string;
  additional_charges?: string;
  mode?: string;
  bank_ref_num?: string;
  error_code?: string;
  error_Message?: string;
  addedon?: string;
  net_amount_debit?: number;
}

/** `verify_payment` (form=2): top-level status 1 found / 0 not found, details keyed by txnid. */
export interface PayuVerifyResponse {
  status: 0 | 1;
  msg: string;
  transaction_details: Record<string, PayuVerifiedTransaction>;
}

/** `cancel_refund_transaction`: error_code 102 = queued; `request_id` tracks it. */
export interface PayuRefundResponse {
  status: 0 | 1;
  msg: string;
  request_id?: string;
  bank_ref_num?: string | null;
  mihpayid?: string;
  error_code: number;
}

/** One refund action in a `check_action_status` answer. */
export interface PayuRefundAction {
  mihpayid: string;
  request_id: string;
  amt: string;
  action: 'refund' | 'cancel' | 'capture';
  token: string;
  /** 'success' | 'SUCCESS' | 'queued' | 'failure' … */
  status: string;
  bank_arn?: string;
  refund_mode?: string;
}

/** `check_action_status`: details keyed by mihpayid, then by request_id. */
export interface PayuActionStatusResponse {
  status: 0 | 1;
  msg: string;
  transaction_details: Record<string, Record<string, PayuRefundAction>>;
}
