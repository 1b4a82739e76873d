import type { OutsideSystems } from '../../integrations/outside-systems.ts';

export interface BillNetworkProbeOptions {
  systems: OutsideSystems;
  /** One smallest call to the network, recorded into `systems` like any other; it may throw. */
  probe: () => Promise<void>;
  /** How long the network may go unheard before it is asked (BBPS_PROBE_SECONDS). */
  intervalMs: number;
}

export interface BillNetworkProbe {
  /** Resolves once no probe is out: what the state says then includes the latest probe's answer. */
  settled(): Promise<void>;
  stop(): void;
}

/**
 * Keeps the bill network's state true when customers are not calling it (decision 110): asked at start,
 * then whenever it has gone `intervalMs` unheard (within half an interval more), and at once after a
 * call that could not be made, so that one failure is confirmed or cleared within seconds rather than by
 * the next customer. One probe at a time; a doubt raised while one runs (its own failure) asks once more
 * after it.
 */
export function startBillNetworkProbe({
  systems,
  probe,
  intervalMs,
}: BillNetworkProbeOptions): BillNetworkProbe {
  let out: Promise<void> | undefined;
  let askAgain = false;
  let stopped = false;

  function probeNow(): void {
    if (stopped) return;
    if (out) {
      askAgain = true;
      return;
    }
    // The outcome is recorded by the call itself: nothing else to do with a failure here.
    out = probe()
      .catch(() => undefined)
      .then(() => {
        out = undefined;
        if (!askAgain) return;
        askAgain = false;
        probeNow();
      });
  }

  const unheardFor = () => {
    const lastCallAt = systems.report('bbps').lastCallAt;
    return lastCallAt === null ? Number.POSITIVE_INFINITY : Date.now() - Date.parse(lastCallAt);
  };
  // Looked at twice an interval: once only, a call heard just under an interval before the look would
  // leave the network unasked for nearly two.
  const timer = setInterval(() => {
    if (unheardFor() >= intervalMs) probeNow();
  }, intervalMs / 2);
  timer.unref();
  const stopListening = systems.listen({ doubted: (system) => system === 'bbps' && probeNow() });
  probeNow();
  return {
    async settled() {
      while (out) await out;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      stopListening();
    },
  };
}
