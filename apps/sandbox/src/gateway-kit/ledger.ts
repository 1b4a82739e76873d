/**
 * What a simulated gateway really charged and refunded, per order. Reliability tests read it
 * (`GET /<gateway>/_sandbox/ledger`) to prove that money never moved twice.
 */
export interface LedgerEntry {
  order: string;
  /** Paise charged (captured) on this order, and how many captures made it. */
  charged: number;
  charges: number;
  /** Paise refunded on this order, and how many refunds. */
  refunded: number;
  refunds: number;
}

export class Ledger {
  private readonly entries = new Map<string, LedgerEntry>();

  private entry(order: string): LedgerEntry {
    let entry = this.entries.get(order);
    if (!entry) {
      entry = { order, charged: 0, charges: 0, refunded: 0, refunds: 0 };
      this.entries.set(order, entry);
    }
    return entry;
  }

  charge(order: string, paise: number): void {
    const entry = this.entry(order);
    entry.charged += paise;
    entry.charges += 1;
  }

  refund(order: string, paise: number): void {
    const entry = this.entry(order);
    entry.refunded += paise;
    entry.refunds += 1;
  }

  /** Paise still refundable on an order. */
  refundable(order: string): number {
    const entry = this.entries.get(order);
    return entry ? entry.charged - entry.refunded : 0;
  }

  list(): LedgerEntry[] {
    return [...this.entries.values()];
  }
}
