import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplicatedSystem, startReplicatedSystem } from '../support/replicated-system.ts';
import { registerThroughApi, type SignedInUser } from '../support/session.ts';

/**
 * The production topology (issue 24, item 4; decision 078): nginx from Debian in front of two api
 * replicas on PostgreSQL and Redis, as `npm run start:replicas` runs it. The customers are spread over
 * the replicas, a rolling restart loses no request, and only nginx says who the customer is: the
 * per-address limit, shared through Redis, cannot be dodged with a forged X-Forwarded-For.
 */
const VISITOR_LIMIT = 60;
let system: ReplicatedSystem;
let customer: SignedInUser;
let emptyWebDir: string;

beforeAll(async () => {
  emptyWebDir = mkdtempSync(join(tmpdir(), 'erti-replicas-web-'));
  system = await startReplicatedSystem({
    replicas: 2,
    serverUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    extraEnv: { WEB_DIST_DIR: emptyWebDir, RATE_LIMIT_PER_MINUTE: String(VISITOR_LIMIT), LOG_LEVEL: 'error' },
  });
  customer = await registerThroughApi(system.apiUrl, system.sandboxUrl);
});

afterAll(async () => {
  await system?.stop();
  rmSync(emptyWebDir, { recursive: true, force: true });
});

const readProfile = () =>
  fetch(`${system.apiUrl}/api/users/profile/${customer.UserId}`, {
    headers: { authorization: `Bearer ${customer.Token}` },
  });

/**
 * A profile read's status, 0 when it got no answer. A kept-alive connection that nginx closed as it
 * reloaded, just as the client reused it, is asked again once, as browsers do for a GET: that request
 * never reached a replica.
 */
const profile = () =>
  readProfile()
    .catch(readProfile)
    .then(
      (response) => response.status,
      () => 0,
    );

/** How many profile reads a replica answered with 200, from its own metrics. */
async function profileReadsOf(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith('erti_http_request_duration_seconds_count{') &&
        candidate.includes('route="/api/users/profile/:UserId"') &&
        candidate.includes('status_code="200"'),
    );
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe('nginx in front of two replicas', () => {
  it('spreads the customers over both replicas', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, profile));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const perReplica = await Promise.all(system.metricsUrls.map(profileReadsOf));
    expect(perReplica.reduce((sum, reads) => sum + reads, 0)).toBe(40);
    for (const reads of perReplica) expect(reads).toBeGreaterThan(0);
  });

  it('loses no request while every replica is replaced in turn under a steady stream', async () => {
    const statuses: number[] = [];
    let rolling = true;
    const stream = (async () => {
      while (rolling) {
        statuses.push(...(await Promise.all([profile(), profile(), profile()])));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await system.rollReplicas();
    rolling = false;
    await stream;
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('counts a visitor by the address nginx saw, on every replica together, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < VISITOR_LIMIT + 40; call += 1) {
      const response = await fetch(`${system.apiUrl}/api/bbps/prod/Electricity?limit=1`, {
        headers: { 'x-forwarded-for': `203.0.113.${call % 250}` },
      });
      statuses.push(response.status);
    }
    // Counted alone, each replica would let about half through; believed, each forged address would
    // start afresh. Shared and from nginx, the visitor is refused once the minute's limit is used.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(VISITOR_LIMIT);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40);
  });
});
