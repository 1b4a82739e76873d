import autocannon from 'autocannon';

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL and keeps the figures the README reports. */
export async function measure(
  name: string,
  options: {
    url: string;
    connections?: number;
    durationSeconds?: number;
    method?: 'GET' | 'POST';
    body?: unknown;
    headers?: Record<string, string>;
    overallRate?: number;
    /** One path and/or body per request, in order (cycled), instead of the same one every time. */
    each?: { path?: string; body?: unknown }[];
    /** Stop after this many requests instead of after `durationSeconds`. */
    amount?: number;
  },
): Promise<Measurement> {
  const each = options.each?.map((request) => ({
    ...(request.path ? { path: request.path } : {}),
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  }));
  let next = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 100,
    duration: options.durationSeconds ?? 10,
    ...(options.amount ? { amount: options.amount } : {}),
    method: options.method ?? 'GET',
    overallRate: options.overallRate,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    ...(each
      ? { requests: [{ setupRequest: (request) => ({ ...request, ...each[next++ % each.length] }) }] }
      : {}),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: Measurement[], baseline?: Measurement): void {
  console.info('| case | req/s | p50 ms | p99 ms | errors | non-2xx | vs bare Fastify |');
  console.info('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const ratio = baseline
      ? `${Math.round((row.requestsPerSecond / baseline.requestsPerSecond) * 100)}%`
      : '';
    console.info(
      `| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.errors} | ${row.non2xx} | ${ratio} |`,
    );
  }
}
