import type { Gateway } from '@erti/contracts';

/** The outside systems the api calls: the bill network, each payment gateway, and the mail server. */
export type OutsideSystem = 'bbps' | Gateway | 'mail';

/**
 * How a call to an outside system ended: it answered (`ok`), it refused the request (an HTTP 4xx, or a
 * mail server's permanent 5xx), or it could not be asked (a timeout, a 5xx, unreachable, unreadable).
 */
export type OutsideCallOutcome = 'ok' | 'refused' | 'unavailable';

/** Hears of every outside call, with how long it took; the metrics count them (decision 067). */
export type OutsideCallRecorder = (
  system: OutsideSystem,
  outcome: OutsideCallOutcome,
  seconds: number,
) => void;

/** For clients built without metrics (tests of one adapter, the cli). */
export const unrecordedCalls: OutsideCallRecorder = () => {};

/** The outcome of an HTTP exchange that came back with `status`. */
export const outcomeOfStatus = (status: number): OutsideCallOutcome =>
  status >= 500 ? 'unavailable' : status >= 400 ? 'refused' : 'ok';

/**
 * Runs one outside call and records how it ended and how long it took: an answer by `outcomeOf`, an
 * error by `outcomeOfError` (by default `unavailable`: the HTTP adapters throw only when the system
 * could not be asked).
 */
export async function recordedCall<T>(
  record: OutsideCallRecorder,
  system: OutsideSystem,
  call: () => Promise<T>,
  outcomeOf: (answer: T) => OutsideCallOutcome,
  outcomeOfError: (error: unknown) => OutsideCallOutcome = () => 'unavailable',
): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const answer = await call();
    record(system, outcomeOf(answer), seconds());
    return answer;
  } catch (error) {
    record(system, outcomeOfError(error), seconds());
    throw error;
  }
}
