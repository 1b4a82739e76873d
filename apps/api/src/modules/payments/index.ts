/**
 * The payments module's front door: what AutoPay, My Bills, the merchant dashboard, complaints, metrics
 * and the gateway plug-ins may use of orders and refunds, and its factories. Nothing outside imports its
 * other files (`npm run lint` checks it: .dependency-cruiser.cjs). "Is this bill paid?" is asked through
 * `bill-holds.ts` only: its SQL stays inside.
 */
export { lockedHoldOf, numberedBillKey, paymentsOfBills } from './bill-holds.ts';
export type { ChargeConfirmationService } from './charge-confirmation.service.ts';
export { holdFactsOf } from './held-charges.ts';
export { moveOrder, openOrderRecord } from './order-moves.ts';
export { orderStatuses, restingStatuses } from './order-state.ts';
export { formatIstDate, formatRupees, orderTotal, transactionTime } from './order-views.ts';
export type { OrderEventRow, OrderRow } from './orders.repository.ts';
export {
  createChargeConfirmations,
  createMandateGateways,
  createPaymentsModule,
  createRefunds,
} from './payments.module.ts';
export { refundTerms } from './refund-deadline.ts';
export type { RefundsService } from './refunds.service.ts';
