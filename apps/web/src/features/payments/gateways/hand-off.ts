import type { PaymentSelectionState } from '../../../lib/navigation-state.ts';
import type { StoredUserData } from '../../../lib/session.ts';

/** What a failed start shows: the spec's line, as an alert on the page or a warning toast. */
export interface HandOffFailure {
  message: string;
  /** The spec shows this line as an alert on the page rather than a warning toast. */
  asAlert: boolean;
}

/** Who is paying, as the hand-off reads it from the session. */
export interface Payer {
  userId: string;
  user: StoredUserData | null | undefined;
}

/**
 * The site's hand-off of a payment to one gateway (decision 125): the words of its choice on the
 * payment selection screen (message ids of the `payments` namespace) and how the browser goes there.
 */
export interface GatewayHandOff {
  title: string;
  detail: string;
  /** Opens the order at the api and sends the browser to the gateway's page. */
  start(selection: PaymentSelectionState, payer: Payer): Promise<void>;
  /** What the customer reads when the start fails. */
  failure(selection: PaymentSelectionState): HandOffFailure;
}
