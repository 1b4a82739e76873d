import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { errorCatalogue } from './error-catalogue.ts';

/**
 * The product's user-facing strings from spec sections 5 and 8. They are contracts: tests look for
 * them letter for letter, so change them only when the spec changes.
 */
export const messages = {
  validation: {
    fillAllRechargeFields: 'Please fill in all the fields.',
    loginToContinue: 'Please login to continue',
    loginEmail: 'Please enter a valid Email ID',
    resetEmail: 'Invalid Email ID',
    signupEmail: 'Please enter a valid Email Id.',
    contactEmail: 'Invalid email !',
    verifyOtp: 'Please verify your OTP',
    enterOtp: 'Please enter OTP',
    enterPassword: 'Please enter your Password',
    resetEnterOtp: 'Please enter the OTP',
    resetBothPasswords: 'Please enter both the Passwords',
    resetPasswordsMismatch: "Passwords don't match",
    signupUsername: 'Please enter the username.',
    signupEmailRequired: 'Please enter your email.',
    signupEnterOtp: 'Please enter the OTP.',
    registerAllFields: 'All fields are required!',
    registerTerms: 'Please agree to the terms and conditions.',
    registerPasswordsMismatch: 'Passwords do not match!',
    registerPhone: 'Invalid Phone Number',
    registerOtpNotVerified: 'OTP not verified',
    profileName: 'Please enter your Name',
    profileEmailRequired: 'Please enter your Email Id',
    profileEmailInvalid: 'Invalid Email Id',
    profilePhoneRequired: 'Please enter your Mobile No',
    profilePhoneInvalid: 'Invalid Mobile No',
    contactAllFields: 'Please fill in all fields!',
    contactPhone: 'Invalid Phone Number !',
    invalidParam: (paramName: string) => `Invalid ${paramName}`,
    fixBeforeSubmit: 'Please fix validation errors before submitting.',
    refundRemark: 'Please enter a remark',
    feedbackRequired: 'Feedback is required before deleting your account.',
    weakPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  },
  api: {
    loginSuccess: 'User Login success',
    userCreated: 'user created',
    userExists: 'User creation failed. Email already exists',
    otpSent: 'OTP sent to email successfully',
    otpVerified: 'OTP is verified',
    resetEmailSent: 'Reset email sent successfully',
    passwordReset: 'Password reset successfully',
    invalidOtp: 'Invalid OTP',
  },
  errors: errorCatalogue,
  empty: {
    results: 'No Results Found',
    transactions: 'No transactions found matching your criteria',
    refunds: 'No refunds found',
    plans: 'No plans available',
  },
  placeholders: {
    serviceSearch: 'Search for a service...',
    billerSearch: 'Search your biller here',
    param: (paramName: string) => `Enter ${paramName}`,
    amount: 'Enter the amount',
    planAmountSearch: 'Search by Amount',
    deletionFeedback: 'Please let us know your reason for deleting the account',
  },
  payment: {
    success: 'Payment Successful',
    failure: 'Payment Failed',
    pending: 'Payment Pending',
    failureRefundText: 'The amount will be refunded within 2 days.',
  },
} as const;
