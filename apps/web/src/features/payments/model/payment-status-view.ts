export type PaymentStatusTone = 'success' | 'failure' | 'pending';

/** Spec: green 'Payment Successful' for COMPLETED, red 'Payment Failed' for FAILED, amber otherwise. */
export function paymentStatusView(status: string): { tone: PaymentStatusTone; title: string } {
  if (status === 'COMPLETED') return { tone: 'success', title: 'spec.payment.success' };
  if (status === 'FAILED') return { tone: 'failure', title: 'spec.payment.failure' };
  return { tone: 'pending', title: 'spec.payment.pending' };
}
