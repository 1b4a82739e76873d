/**
 * The spec's error catalogue (section 8; `messages.errors`: contracts, letter for letter), in a module of its own:
 * the router's error screen is in the first JavaScript of every page, which then carries these
 * strings and not all of them.
 */
export const errorCatalogue = {
  submitFailed: 'Error submitting data',
  payuRechargeInit: 'Failed to initialize payment payu',
  payuGatewayInit: 'Failed to initialize payu payment',
  phonepeInit: 'Failed to initialize phonepe payment',
  websiteInit: 'Failed to initialize payment',
  emailSent: 'Email sent successfully',
  emailSentFailed: 'Email sent failed',
  emailSendingFailed: 'Email sending failed',
  otpSendError: 'An error occurred while sending OTP',
  otpVerifiedToast: 'OTP verified successfully',
  otpVerifyError: 'An error occurred while verifying OTP',
  otpInvalidOrExpired: 'Invalid OTP or OTP expired',
  signupSuccess: 'User created and logged in successfully',
  signupError: 'An error occurred during registration',
  signinFailed: 'Signin failed. Please check your credentials.',
  invalidUser: 'Invalid User',
  refundFailed: 'Failed to refund transaction',
  refundRequestFailed: 'Refund request failed. Please try again.',
  createOrderFailed: 'Failed to create order. Please try again.',
  paymentInitFailed: (message: string) => `Payment initialization failed: ${message}`,
  contactFailed: 'Failed to send the message. Please try again.',
  contactSent: 'Message sent successfully!',
  deletionFailed: 'Account deletion failed',
  unexpected: 'Unexpected Application Error!',
} as const;
