/**
 * The accounts module's front door: what other modules may use of it. One-time codes kept as keyed
 * digests serve the complaints module's payer codes too (decision 106).
 */

export { accountCommands } from './accounts.cli.ts';
export { createAccountsModule } from './accounts.module.ts';
export { createOtpCodes, type OtpCodes } from './otp-codes.ts';
