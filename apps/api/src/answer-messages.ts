import type { MessageValues } from '@erti/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import { formatIstDate, formatRupees } from './modules/payments/index.ts';

/**
 * The api's user-facing success sentences under stable keys, as ICU MessageFormat strings whose English is
 * what the api answers (decision 099). The web site's `api-messages` catalogue has the same keys in every
 * language. Unlike errors (`error-message-keys.ts`), a success answer is built from its key, so nothing has to
 * read the English back. A value named `…Paise` is paise, one named `…At` an ISO instant shown as its day
 * in India: each reader formats them for its language.
 */
export const answerMessages = {
  'merchant.refundInitiated':
    'Refund of {amountPaise} for order {orderId} initiated. It must reach the customer by {deadlineAt}.',
  'merchant.refundCompleted': 'Refund of {amountPaise} for order {orderId} completed.',
  'merchant.markedPaid': 'Order {orderId} is marked paid; the bill payment follows.',
  'merchant.closedUnpaid': 'Order {orderId} is closed: no payment was taken.',
  'complaints.registered':
    'Your complaint has been registered successfully. Your Complaint ID is {complaintId}. You can track the status of your complaint using your Complaint ID.',
  'complaints.registeredForTxn':
    'Your complaint has been registered successfully for B-Connect Txn ID {txnReferenceId}. Your Complaint ID is {complaintId}. You can track the status of your complaint using your Complaint ID.',
  'complaints.alreadyOpen':
    'A complaint about B-Connect Txn ID {txnReferenceId} is already open. Your Complaint ID is {complaintId}. You can track its status using your Complaint ID.',
  'complaints.codeSent':
    'We sent a code to the e-mail on this payment ({sentTo}). It is valid for {minutes} minutes.',
  'bills.savedRemoved': 'Saved bill removed',
  'myBills.removed': 'Removed from My Bills',
} as const;

export type AnswerKey = keyof typeof answerMessages;

export interface KeyedMessage {
  message: string;
  messageKey: AnswerKey;
  messageValues?: MessageValues;
}

/** A value as the English sentence writes it. */
function englishValue(name: string, value: string | number): string | number {
  if (name.endsWith('Paise') && typeof value === 'number') return formatRupees(value);
  if (name.endsWith('At') && typeof value === 'string') return formatIstDate(new Date(value));
  return value;
}

/** The answer of `key`: its English with `values` filled in, the key and the values for other languages. */
export function keyedMessage(key: AnswerKey, values?: MessageValues): KeyedMessage {
  const english = Object.fromEntries(
    Object.entries(values ?? {}).map(([name, value]) => [name, englishValue(name, value)]),
  );
  const message = String(new IntlMessageFormat(answerMessages[key], 'en').format(english));
  return values ? { message, messageKey: key, messageValues: values } : { message, messageKey: key };
}
