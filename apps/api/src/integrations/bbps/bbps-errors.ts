import { AppError } from '../../errors.ts';

/**
 * Transport failures of the bill network, kept apart from its business answers: a `respCode: "0"`
 * envelope is an answer (the customer number is wrong, nothing is due) and is returned to the
 * caller; these errors mean we did not get an answer at all.
 */

/** The network did not answer in time, could not be reached, failed (5xx) or sent something unreadable. */
export class BbpsUnavailableError extends Error {
  constructor(
    readonly path: string,
    /** True when our timeout fired: the outcome of a payment sent this way is unknown, not failed. */
    readonly timedOut: boolean,
    detail: string,
  ) {
    super(`Bharat Connect ${path}: ${detail}`);
    this.name = 'BbpsUnavailableError';
  }
}

/** The network refused the request itself (a 4xx without a business envelope): our request or set-up is wrong. */
export class BbpsRejectedError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    detail: string,
  ) {
    super(`Bharat Connect ${path} refused the request (${status}): ${detail}`);
    this.name = 'BbpsRejectedError';
  }
}

/**
 * What the user is told when the network could not answer: a retryable 503/504 (a timeout is 504),
 * or 502 when the network refused our request. Never a 500, and nothing internal in the message.
 * Anything else is returned unchanged.
 */
export function networkFailureToAppError(error: unknown): unknown {
  if (error instanceof BbpsUnavailableError) {
    return error.timedOut
      ? new AppError(
          'GATEWAY_TIMEOUT',
          'Bharat Connect did not answer in time. Please try again in a minute.',
          {
            retryable: true,
          },
        )
      : new AppError(
          'UNAVAILABLE',
          'Bharat Connect is not available right now. Please try again in a few minutes.',
          {
            retryable: true,
          },
        );
  }
  if (error instanceof BbpsRejectedError) {
    return new AppError(
      'BAD_GATEWAY',
      'Bharat Connect could not process this request. Please try again later.',
      {
        retryable: false,
      },
    );
  }
  return error;
}
