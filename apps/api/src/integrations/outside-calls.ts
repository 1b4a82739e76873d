import type { OutsideCallOutcome, OutsideSystem } from '@erti/contracts';

/** The bill network, each payment gateway and the mail server; how a call to one ended (contracts). */
export type { OutsideCallOutcome, OutsideSystem } from '@erti/contracts';

/**
 * Hears of every outside call, with how long it took: the metrics count them (decision 067), and each
 * system's state is kept from them (decision 110).
 */
export type OutsideCallRecorder = (
  system: OutsideSystem,
  outcome: OutsideCallOutcome,
  seconds: number,
) => void;

/** One recorder that tells each of `recorders`. */
export const recordingTo =
  (...recorders: OutsideCallRecorder[]): OutsideCallRecorder =>
  (system, outcome, seconds) => {
    for (const record of recorders) record(system, outcome, seconds);
  };

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
