/**
 * The accounts module's public face: what other modules may use of it. One-time codes kept as keyed
 * digests serve the complaints module's payer codes too (decision 106).
 */
export { createOtpCodes, type OtpCodes } from './otp-codes.ts';
