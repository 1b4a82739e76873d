import { ApiError } from '../../../lib/api-client.ts';

/** What went wrong starting a payment: the spec's line, the server's reason, the order already paying this bill. */
export interface PaymentProblem {
  /** The spec's line (English, shown through the spec's ids) or a line already in the site's language. */
  message: string;
  /** The server's reason as sent (English), and its error to show it in the site's language. */
  detail?: string;
  cause?: ApiError;
  existingOrderId?: string;
}

export const isUnauthorised = (error: unknown) => error instanceof ApiError && error.status === 401;
/** Not the user's order, or no order at all (the api answers both as 404, or 403 for another's). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

/**
 * The spec's failure line plus, when the server refused for a reason the user can act on (a 4xx:
 * amount changed, bill already paid or paying), that reason and the existing order.
 */
export function paymentProblem(message: string, error: unknown): PaymentProblem {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return { message };
  const existingOrderId = (error.body as { existingOrderId?: unknown } | undefined)?.existingOrderId;
  return {
    message,
    detail: error.message,
    cause: error,
    existingOrderId: typeof existingOrderId === 'string' ? existingOrderId : undefined,
  };
}
