import type { Biller } from '@erti/contracts';

/** Percent strings carry up to 4 decimals; work in millionths of the amount to stay in integers. */
const PERCENT_SCALE = 10_000n;

function percentInTenThousandths(percent: string): bigint {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent.trim());
  if (!match) return 0n;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * PERCENT_SCALE + BigInt(fraction.padEnd(4, '0'));
}

/**
 * The customer convenience fee (CCF1) for paying `amountPaise` to this biller, in paise: the slab
 * whose range holds the amount (a maximum of 0 means no upper bound), its flat fee plus its percent of
 * the amount. The percentage part is rounded half up to the paisa (₹0.005 and above rounds up), the
 * usual commercial rounding; no slab means no fee.
 */
export function convenienceFee(biller: Pick<Biller, 'ccfSlabs'>, amountPaise: number): number {
  const slab = (biller.ccfSlabs ?? []).find(
    (candidate) =>
      amountPaise >= candidate.minAmount && (candidate.maxAmount === 0 || amountPaise <= candidate.maxAmount),
  );
  if (!slab) return 0;
  const millionths = BigInt(amountPaise) * percentInTenThousandths(slab.percentFee);
  const percentPart = (millionths + 500_000n) / 1_000_000n;
  return slab.flatFee + Number(percentPart);
}
