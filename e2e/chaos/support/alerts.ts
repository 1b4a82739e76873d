import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPrometheus } from '../../../scripts/prometheus.mjs';
import { stopProcess } from '../../../scripts/replica-set.mjs';
import { freePort } from '../../support/servers.ts';
import type { Disruption } from './chaos-run.ts';
import type { SandboxControl } from './sandbox.ts';

/**
 * Prometheus watching a replicated chaos run (decision 130): it scrapes every replica each second and
 * evaluates ops/prometheus/alerts.rules.yml with every duration divided by 60, so a run's seconds stand
 * for an operator's minutes. At the end the run asks which alerts fired while it went on.
 */
export interface AlertWatch {
  /** Every alert that was firing at some moment since the watch began: its name and its labels. */
  fired(): Promise<FiredAlert[]>;
  stop(): Promise<void>;
}

export interface FiredAlert {
  alertname: string;
  labels: Record<string, string>;
}

/** One second of a run stands for a minute of production's rules. */
const TIME_SCALE = 1 / 60;

export async function watchAlerts(metricsUrls: string[]): Promise<AlertWatch> {
  const dir = mkdtempSync(join(tmpdir(), 'erti-prometheus-'));
  const started = Date.now();
  const prometheus = await startPrometheus({
    dir,
    metricsPorts: metricsUrls.map((url) => Number(new URL(url).port)),
    port: await freePort(),
    intervalSeconds: 1,
    timeScale: TIME_SCALE,
    stdio: 'ignore',
  });
  if (!prometheus)
    throw new Error('prometheus is not installed (apt-get install prometheus), or PROMETHEUS=off');
  return {
    async fired() {
      // ALERTS is Prometheus' own series of each alert's state, kept like any other.
      const range = `${Math.ceil((Date.now() - started) / 1000) + 5}s`;
      const query = `max_over_time(ALERTS{alertstate="firing"}[${range}])`;
      const response = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(query)}`);
      const answer = (await response.json()) as {
        data: { result: { metric: Record<string, string> }[] };
      };
      return answer.data.result.map(({ metric }) => {
        const { alertname = '', alertstate: _state, ...labels } = metric;
        return { alertname, labels };
      });
    },
    async stop() {
      await stopProcess(prometheus.child, 'SIGTERM', 5_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The run summary's line: each alert that fired, with the outside system it names. */
export function firedLine(fired: FiredAlert[]): string {
  const names = fired.map(
    ({ alertname, labels }) => `${alertname}${labels.system ? ` (${labels.system})` : ''}`,
  );
  return `alerts fired: ${names.join(', ')}`;
}

/** Which of the alerts that the run's faults must fire did fire: outside systems failing, a replica killed. */
export function alertsOfFaults(fired: FiredAlert[]): string[] {
  const expected = ['BillNetworkFailing', 'GatewayFailing', 'ReplicaDown'];
  return expected.filter((name) => fired.some((alert) => alert.alertname === name));
}

/** How long the bill network is gone in the outage: long enough for the scaled rule's 2 minutes, whoever calls. */
const NETWORK_OUTAGE_MS = 20_000;

/**
 * An outage for the alerts to hear of, beside the run's single faults (which are what a good day brings
 * too, and page nobody): for 20 s every bill payment and every probe of the bill network hangs, then fails
 * (not processed), as a network that is gone, whichever replica makes it (a count of failures was once used up by
 * other replicas' probes in 0.1 s, and no alert fired); and PhonePe's order status answers 500 four
 * times. Only faults the journeys already meet, more of them at once; the orders they hold are settled
 * by reconciliation like any other.
 */
export function outageForAlerts(sandbox: SandboxControl, beforePayment: number): Disruption {
  return {
    beforePayment,
    name: 'bill network and PhonePe status out (for the alerts)',
    async run() {
      // Payments and the probe (the biller list's smallest question): a fetch that timed out would be a refusal the journeys count.
      for (const path of ['/bou/npciservice/pay', '/bou/billerservice/mdm'])
        await sandbox.addFault({ path, kind: 'timeout', delayMs: 4000, forMs: NETWORK_OUTAGE_MS });
      await sandbox.addFault({ path: '/phonepe/checkout/v2/order/', kind: 'error', status: 500, count: 4 });
    },
  };
}
