import { MAX_TRANSACTION_QUERY_DAYS } from '@erti/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * The complaint schemas' messages (contracts `schemas/complaints.ts`, English) by their message ids,
 * so the forms show them in the site's language. A message not listed (a spec string, or one added
 * to the schemas later) is shown as the field error shows any text: a spec string translated, the
 * rest as written.
 */
const idsByMessage: Record<string, string> = {
  'Please enter your name': 'complaints.validation.name',
  'Please choose the type of query': 'complaints.validation.queryType',
  'Please enter the Contact Number': 'complaints.validation.contactNumber',
  'Contact Number must be exactly 10 digits': 'complaints.validation.contactNumberDigits',
  'Please enter the Mobile Number': 'complaints.validation.mobileNumber',
  'Mobile Number must be exactly 10 digits': 'complaints.validation.mobileNumberDigits',
  'Please enter your Email ID': 'complaints.validation.email',
  'Please tell us where you made the payment': 'complaints.validation.initiatedVia',
  'Please enter the Transaction Date': 'complaints.validation.transactionDate',
  'Transaction Date cannot be in the future': 'complaints.validation.transactionDateFuture',
  'Transaction Date is not a real date': 'complaints.validation.transactionDateReal',
  'Please enter the Transaction Amount': 'complaints.validation.transactionAmount',
  'Transaction Amount must be a number': 'complaints.validation.transactionAmountNumber',
  'Transaction Amount is not a number': 'complaints.validation.transactionAmountNumber',
  'Transaction Amount must be greater than 0': 'complaints.validation.transactionAmountAboveZero',
  'Transaction Amount must have at most two decimals': 'complaints.validation.transactionAmountDecimals',
  'Transaction Amount must not have an exponent': 'complaints.validation.transactionAmountExponent',
  'Transaction Amount must not have a sign': 'complaints.validation.transactionAmountSign',
  'Transaction Amount must be digits with a decimal point, without other separators':
    'complaints.validation.transactionAmountSeparators',
  'Transaction Reference ID should be 8 to 40 letters and digits': 'complaints.validation.txnReferenceId',
  'The screenshot must be 1 MB or smaller': 'complaints.validation.screenshotSize',
  'The screenshot must be a PNG, JPEG or WebP image': 'complaints.validation.screenshotType',
  'Please describe your complaint': 'complaints.validation.description',
  'Please enter the 6-digit code from the e-mail': 'complaints.validation.code',
  'Please enter the Complaint ID': 'complaints.validation.complaintId',
  'Complaint ID should be letters and digits': 'complaints.validation.complaintIdChars',
  'Please choose the type of complaint': 'complaints.validation.complaintType',
  'Enter a Mobile Number with From and To dates, or a Transaction Reference ID':
    'complaints.validation.searchWay',
  'Please choose the From Date': 'complaints.validation.fromDate',
  'Please choose the To Date': 'complaints.validation.toDate',
  'From Date cannot be in the future': 'complaints.validation.fromDateFuture',
  'To Date cannot be in the future': 'complaints.validation.toDateFuture',
  'To Date cannot be before From Date': 'complaints.validation.toBeforeFrom',
  [`Please choose a range of at most ${MAX_TRANSACTION_QUERY_DAYS} days`]: 'complaints.validation.range',
};

/** A complaint form's error in the site's language (see `idsByMessage`). */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { formatMessage } = useIntl();
  return useCallback(
    (message) => {
      const id = message && idsByMessage[message];
      return id ? formatMessage({ id }, { days: MAX_TRANSACTION_QUERY_DAYS }) : message;
    },
    [formatMessage],
  );
}
