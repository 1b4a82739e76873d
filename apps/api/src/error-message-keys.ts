import { accountMessages, messages, paymentMessages } from '@erti/contracts';
import {
  isArgumentElement,
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';

/** The spec's validation messages (section 5), each under `validation.<name>`. */
const specValidation = Object.fromEntries(
  Object.entries(messages.validation as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, message]) => [`validation.${name}`, message]),
);

/**
 * Every user-facing error message of the api under a stable key, as an ICU MessageFormat string
 * whose English is the message the api answers, letter for letter (decision 090). The web site's
 * `api-errors` catalogue has the same keys in every language and shows the customer's; a message
 * not listed here (a network's own words) keeps only its English. Throw sites keep writing the
 * English: `keyOfMessage` finds the key and the values again.
 */
export const errorMessagesByKey: Record<string, string> = {
  ...specValidation,
  'validation.invalidParam': 'Invalid {paramName}',
  'api.invalidOtp': messages.api.invalidOtp,
  'api.userExists': messages.api.userExists,
  'errors.otpSendError': messages.errors.otpSendError,
  'errors.emailSendingFailed': messages.errors.emailSendingFailed,
  'errors.otpInvalidOrExpired': messages.errors.otpInvalidOrExpired,
  'errors.signinFailed': messages.errors.signinFailed,
  'errors.invalidUser': messages.errors.invalidUser,
  'errors.contactFailed': messages.errors.contactFailed,
  'errors.createOrderFailed': messages.errors.createOrderFailed,
  'errors.phonepeInit': messages.errors.phonepeInit,
  'errors.paymentInitFailed': 'Payment initialization failed: {message}',
  'account.otpWait': 'Please wait {seconds} seconds before requesting a new OTP',
  'account.otpTooManyTries': accountMessages.otpTooManyTries,
  'account.otpTooManySends': accountMessages.otpTooManySends,
  'account.emailTaken': accountMessages.emailTaken,
  'account.verifyNewEmail': accountMessages.verifyNewEmail,
  'account.signinLocked':
    'Too many failed sign-in attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'account.wrongCodesLocked':
    'Too many wrong codes. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'account.tooManyAccountRequests':
    'Too many requests. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'account.resetInThisBrowser': accountMessages.resetInThisBrowser,
  'account.ownProfileOnly': accountMessages.ownProfileOnly,
  'account.pictureTooLarge': accountMessages.pictureTooLarge,
  'account.pictureNotJpeg': accountMessages.pictureNotJpeg,
  'account.otpDigits': 'OTP must be 6 digits',
  'account.passwordRequired': 'Password is required',
  'account.passwordTooLong': 'Password must be at most 128 characters',
  'account.nameRequired': 'Name is required',
  'account.mobileDigits': 'Mobile number must be exactly 10 digits',
  'account.phoneDigits': 'Phone number must be exactly 10 digits',
  'account.invalidEmail': 'Invalid email',
  'account.emailRequired': 'Please enter your Email ID',
  'account.unknownLanguage': 'Unknown language',
  'payment.amountMismatch': paymentMessages.amountMismatch,
  'payment.billAlreadyPaid': paymentMessages.billAlreadyPaid,
  'payment.paymentInProgress': paymentMessages.paymentInProgress,
  'payment.sourceMissing': paymentMessages.sourceMissing,
  'payment.autopayInProgress': paymentMessages.autopayInProgress,
  'request.nulCharacter': 'Text may not contain the NUL character',
  'request.tooMany': 'Too many requests. Please try again in {seconds} seconds.',
  'request.tryAgain': 'We could not finish that just now. Please try again in a moment.',
  'merchant.only': 'You are not allowed to open the merchant dashboard',
  'biller.notFound': 'Biller not found',
  'biller.notResponding': 'The biller is not responding right now. Please try again in a few minutes.',
  'biller.wrongCategory': '{biller} is not a {category} biller',
  'biller.noBills': '{biller} does not present bills; enter the amount to pay instead',
  'biller.incompleteBill': 'The biller sent an incomplete bill. Please try again later.',
  'biller.unavailable': 'This biller is not available right now. Please try again later.',
  'biller.noPlans': 'This biller has no plans',
  'bill.mobileNeeded': 'Please add your 10-digit mobile number to your profile to continue',
  'bill.savedNotFound': 'Saved bill not found',
  'bill.fetchAgain': 'This bill was fetched a while ago. Please fetch the bill again.',
  'bill.noneDue': 'No bill is due.',
  'bill.enterParam': 'Please enter {paramName}',
  'plan.twoPlans': 'Two different plans were sent. Please choose the plan again.',
  'plan.choose': 'Please choose a plan',
  'plan.amountMismatch': 'The amount does not match the plan. Please choose the plan again.',
  'plan.notValidated': 'The plan does not match the validated plan. Please choose the plan again.',
  'plan.gone': 'This plan is no longer available. Please choose another plan.',
  'amount.enter': 'Please enter the amount',
  'amount.atLeast': 'Please enter an amount at least ₹{min}',
  'amount.between': 'Please enter an amount between ₹{min} and ₹{max}',
  'amount.range': 'Amount must be between ₹1 and ₹1,00,000',
  'catalogue.noCategory': "We do not offer the category ''{category}''",
  'catalogue.noState': "We have no coverage for the state ''{state}''",
  'catalogue.noCircle': "This operator has no plans for the circle ''{circle}''",
  'catalogue.noArea': "We have no coverage for the area ''{area}''",
  'order.notFound': 'Order not found',
  'refund.whichOrder': 'Please say which order to refund',
  'refund.notRefundable': 'Only payments that were taken and are not being processed can be refunded',
  'refund.alreadyFull': 'This payment has already been refunded in full',
  'refund.atMost': 'At most {amount} can be refunded',
  'refund.atLeast': 'A refund must be at least ₹1',
  'refund.inProgress': 'A refund of this transaction is already in progress',
  'refund.onlyCompleted': 'Only completed transactions can be refunded',
  'refund.gatewayFailedWithReason':
    'The gateway could not refund order {orderId} ({reason}). Nothing was refunded.',
  'refund.gatewayFailed': 'The gateway could not refund order {orderId}. Nothing was refunded.',
  'merchant.noTransaction': 'No transaction has this order id',
  'merchant.notHeld': 'Order {orderId} is not waiting for a person (it is {status})',
  'myBills.notFound': 'This bill is not in your My Bills',
  'myBills.alreadyAdded': 'This bill is already in your My Bills',
  'myBills.noBills': '{biller} does not present bills, so it cannot be added to My Bills',
  'myBills.cancelAutopayFirst': 'Please cancel AutoPay for this bill before removing it',
  'myBills.badLink': 'This link is not valid, or the bill was removed from My Bills',
  'myBills.nicknameRequired': 'Please enter a nickname',
  'myBills.nicknameTooLong': 'A nickname has at most 40 characters',
  'autopay.notOffered': '{biller} does not offer AutoPay',
  'autopay.alreadyOn': 'AutoPay is already on for this bill',
  'autopay.profileNeeded': 'Please add your mobile number and e-mail to your profile to turn AutoPay on',
  'autopay.notOn': 'AutoPay is not on for this bill',
  'autopay.notPaused': 'AutoPay is not paused for this bill',
  'autopay.nothingToSkip': 'There is no bill for AutoPay to skip',
  'autopay.cannotSkip': 'This debit can no longer be skipped',
  'autopay.startFailed': 'The payment provider could not start AutoPay. Please try again.',
  'autopay.cancelFailed': 'The payment provider could not cancel AutoPay. Please try again.',
  'contact.tooMany': 'You have sent several messages in a short time. Please try again in a few minutes.',
  'complaints.tooMany': 'You have raised several complaints in a short time. Please try again later.',
  'complaints.mobileAndDates': 'Enter a Mobile Number with From and To dates',
  'complaints.txnNotFound':
    'We could not find a Bharat Connect transaction with Reference ID {txnId}. Please check it on your receipt, or leave it empty and we will look for the payment by your contact number, date and amount.',
  'complaints.payerOnly':
    'Only the customer who made this payment can raise a complaint about it. Log in to the account that paid, or ask for a code sent to the e-mail on the payment.',
  'complaints.wrongCode': 'The code is wrong or has expired. Please check the e-mail, or ask for a new code.',
  'complaints.codeTriesUsed': 'Too many wrong codes. Please ask for a new code.',
  'complaints.tooManyCodes':
    'Too many codes were asked for in a short time. Please try again later, or log in to the account that paid.',
  'complaints.noPayerAddress':
    'We cannot send a code for this payment. Please log in to the account that paid.',
  'complaints.codeDigits': 'Please enter the 6-digit code from the e-mail',
  'complaints.txnIdRequired': 'Please enter the Bharat Connect Transaction Reference ID',
  'complaints.notFound':
    'We could not find a complaint with ID {complaintId}. Please check the Complaint ID and the Type of Complaint.',
  'complaints.screenshotTooLarge': 'The screenshot must be 1 MB or smaller',
  'complaints.screenshotType': 'The screenshot must be a PNG, JPEG or WebP image',
  'complaints.describe': 'Please describe your complaint',
  'complaints.chooseType': 'Please choose the type of complaint',
  'complaints.chooseQuery': 'Please choose the type of query',
  'complaints.datesOrder': 'To Date cannot be before From Date',
  'network.notAnswering': 'Bharat Connect is not answering right now. Please try again in a few minutes.',
  'network.timeout': 'Bharat Connect did not answer in time. Please try again in a minute.',
  'network.unavailable': 'Bharat Connect is not available right now. Please try again in a few minutes.',
  'network.refused': 'Bharat Connect could not process this request. Please try again later.',
};

import type { MessageValues } from '@erti/contracts';

export type { MessageValues };

interface Pattern {
  key: string;
  matcher: RegExp;
  names: string[];
  /** The names whose value is a count (ICU plural): read back as numbers. */
  counts: Set<string>;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression of the English an ICU message formats to; each variable is one group. */
function sourceOf(elements: MessageFormatElement[], pattern: Omit<Pattern, 'matcher' | 'key'>): string {
  return elements
    .map((element) => {
      if (isLiteralElement(element)) return literal(element.value);
      if (isArgumentElement(element)) {
        pattern.names.push(element.value);
        return '(.+?)';
      }
      if (isPluralElement(element)) {
        pattern.names.push(element.value);
        pattern.counts.add(element.value);
        const branches = Object.values(element.options).map((option) =>
          sourceOf(option.value, { names: [], counts: new Set() }),
        );
        return `(${branches.join('|')})`;
      }
      if (isPoundElement(element)) return '\\d+';
      throw new Error(`An error message may only use plain and plural variables: ${JSON.stringify(element)}`);
    })
    .join('');
}

/** Literal characters of a pattern: the more a message has, the more specific it is. */
const literalLength = (source: string) => source.replace(/\([^)]*\)/g, '').length;

const exactly = new Map<string, string>();
const patterns: Pattern[] = [];
for (const [key, message] of Object.entries(errorMessagesByKey)) {
  const elements = parse(message);
  const pattern = { names: [] as string[], counts: new Set<string>() };
  const source = sourceOf(elements, pattern);
  if (pattern.names.length > 0) {
    patterns.push({ key, matcher: new RegExp(`^${source}$`, 's'), ...pattern });
    continue;
  }
  const english = elements.map((element) => (isLiteralElement(element) ? element.value : '')).join('');
  // Two keys of one English message: the first names it.
  if (!exactly.has(english)) exactly.set(english, key);
}
// 'Please enter an amount at least ₹{min}' before 'Please enter {paramName}'.
patterns.sort((a, b) => literalLength(b.matcher.source) - literalLength(a.matcher.source));

/**
 * The key and values of an English error message: the message as listed, or one of the listed
 * messages with its variables filled in. Undefined for any other text.
 */
export function keyOfMessage(
  message: string,
): { messageKey: string; messageValues?: MessageValues } | undefined {
  const key = exactly.get(message);
  if (key) return { messageKey: key };
  for (const pattern of patterns) {
    const found = pattern.matcher.exec(message);
    if (!found) continue;
    const messageValues: MessageValues = {};
    pattern.names.forEach((name, index) => {
      const value = found[index + 1] ?? '';
      messageValues[name] = pattern.counts.has(name) ? Number(/\d+/.exec(value)?.[0]) : value;
    });
    return { messageKey: pattern.key, messageValues };
  }
  return undefined;
}
