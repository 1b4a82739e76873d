import type { OrderEventRow } from './orders.repository.ts';

/**
 * What the event of a hold (an order entering NEEDS_ATTENTION) keeps about the gateway answer that
 * could not be read; written by charge-confirmation.service.ts, read by the support mail and the dashboard.
 */
export interface HoldFacts {
  gatewayCall: string;
  /** 'amount', 'status' or 'id', with the provider's field name. */
  unreadable: string;
  /** The answer as it came, as indented JSON. */
  answer: string;
}

export function holdFactsOf(event: Pick<OrderEventRow, 'detail'>): HoldFacts {
  const detail = event.detail ?? {};
  return {
    gatewayCall: String(detail.path ?? 'unknown'),
    unreadable: String(detail.field ?? 'unknown'),
    answer: JSON.stringify(detail.answer ?? null, null, 2),
  };
}

/** The newest hold among an order's events (oldest first), if it was ever held. */
export const latestHold = (events: readonly OrderEventRow[]) =>
  events.findLast((event) => event.toStatus === 'NEEDS_ATTENTION');
