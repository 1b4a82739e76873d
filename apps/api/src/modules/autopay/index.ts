/**
 * The AutoPay module's front door: what other modules may use of it (a bill's AutoPay, the debit time
 * reminders name, ending a deleted account's mandates) and its factory for the module registry.
 */

export { createAutopayModule } from './autopay.module.ts';
export { autopayDebitTime, autopayOfBills, endAutopayOfDeletedAccount } from './autopay-of-bills.ts';
