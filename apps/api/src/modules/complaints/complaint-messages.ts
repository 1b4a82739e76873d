/** The complaint answers that several parts of the module give, in English (error-message-keys.ts keys them). */
export const complaintMessages = {
  payerOnly:
    'Only the customer who made this payment can raise a complaint about it. Log in to the account that paid, or ask for a code sent to the e-mail on the payment.',
  wrongCode: 'The code is wrong or has expired. Please check the e-mail, or ask for a new code.',
  codeTriesUsed: 'Too many wrong codes. Please ask for a new code.',
  tooManyCodes:
    'Too many codes were asked for in a short time. Please try again later, or log in to the account that paid.',
  noPayerAddress: 'We cannot send a code for this payment. Please log in to the account that paid.',
  txnNotFound: (txnId: string) =>
    `We could not find a Bharat Connect transaction with Reference ID ${txnId}. Please check it on your receipt, or leave it empty and we will look for the payment by your contact number, date and amount.`,
};
