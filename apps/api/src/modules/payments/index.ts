/**
 * The payments module's front door: what AutoPay, the merchant dashboard, complaints, metrics and the
 * gateway plug-ins may use of orders and refunds, and its factories. Nothing outside imports its other files
 * (`npm run lint` checks it: .dependency-cruiser.cjs).
 */
export type { ChargeConfirmationService } from './charge-confirmation.service.ts';
export { holdFactsOf } from './held-charges.ts';
export { moveOrder, openOrderRecord } from './order-moves.ts';
export { numberedBillKey } from './order-pricing.ts';
export { inFlightStatuses, orderStatuses, restingStatuses } from './order-state.ts';
export { formatIstDate, formatRupees, orderTotal, transactionTime } from './order-views.ts';
export {
  createChargeConfirmations,
  createMandateGateways,
  createPaymentsModule,
  createRefunds,
} from './payments.module.ts';
export { findHoldingOrder, lockBill, type OrderEventRow, type OrderRow } from './payments.repository.ts';
export { refundTerms } from './refund-deadline.ts';
export type { RefundsService } from './refunds.service.ts';
