import type { PaymentStatusTone } from '../model/payment-status-view.ts';

const iconPaths: Record<PaymentStatusTone, string> = {
  success: 'M5 13l4 4L19 7',
  failure: 'M6 6l12 12M18 6L6 18',
  pending: 'M12 7v5l3 3',
};

const colours: Record<PaymentStatusTone, string> = {
  success: 'bg-green-100 text-green-600',
  failure: 'bg-red-100 text-red-600',
  pending: 'bg-amber-100 text-amber-600',
};

/** The status modal's icon: a tick on green, a cross on red, a clock on amber. */
export function StatusIcon({ tone }: { tone: PaymentStatusTone }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex h-16 w-16 items-center justify-center rounded-full ${colours[tone]}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-9 w-9" fill="none" stroke="currentColor">
        {tone === 'pending' && <circle cx="12" cy="12" r="9" strokeWidth="2" />}
        <path d={iconPaths[tone]} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
