import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billerWhere, hasOneDigitsParam, signedInUser, syncCatalogue } from '../support/bill-network.ts';
import { startTestEnv, type TestEnv } from '../support/test-env.ts';
import { type FuzzRequest, strategiesFor } from './mutations.ts';
import { type Hints, type Operation, operationsOf, sampleOf } from './openapi.ts';
import { seededRandom, seedFor } from './random.ts';
import { changedTables, snapshotTables, tablesOf } from './table-snapshot.ts';

/**
 * Bad input against every operation of the OpenAPI document: each case breaks a valid request in
 * one way (body, types, sizes, encodings, content type, path, query, headers). No answer may be a
 * 5xx, a refusal must say why, and a refused request must leave every table as it was.
 *
 * FUZZ_CASES (cases per operation, 20 by default; `npm run test:fuzz` runs more) and FUZZ_SEED
 * replay a run exactly.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_901);

/**
 * Refusals that must leave a trace: failed sign-ins and wrong codes are counted (the brute-force
 * limits), which is the point of refusing them.
 */
const COUNTED_ON_REFUSAL = new Set(['login_failures']);

const BODY_LIMIT_BYTES = 1_048_576;
const OPERATION_COUNT = 40;

let env: TestEnv;
let tables: string[];
let operations: Operation[];
let baseHints: Hints;

beforeAll(async () => {
  env = await startTestEnv({
    LOG_LEVEL: 'error',
    RATE_LIMIT_PER_MINUTE: 1_000_000_000,
    BODY_LIMIT_BYTES,
    BBPS_TIMEOUT_MS: 5_000,
  });
  await syncCatalogue(env);
  const electricity = await billerWhere(env, 'Electricity', hasOneDigitsParam);
  baseHints = {
    billerId: electricity.billerId,
    billerCategoryName: 'Electricity',
    categoryTitle: 'Electricity',
    category: 'Electricity',
    circle: 'Mumbai',
  };
  const document = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(document.json());
  tables = await tablesOf(env.database.db);
}, 120_000);

afterAll(async () => {
  await env?.close();
});

interface Finding {
  strategy: string;
  request: string;
  payload: string;
  status: number;
  answer: string;
  problem: string;
}

const shortened = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** Whether JSON text parses (a leading byte order mark is allowed, as Fastify's parser allows it). */
const parses = (payload: string | Buffer | undefined) => {
  try {
    JSON.parse(String(payload).replace(/^\ufeff/, ''));
    return true;
  } catch {
    return false;
  }
};

/** Why an answer is wrong for its request, or undefined when it is right. */
function problemOf(
  request: FuzzRequest,
  status: number,
  answer: string,
  changed: string[],
): string | undefined {
  if (status >= 500) return 'answered 5xx';
  // A GET's body is never read, so only other methods must refuse a body that cannot be read.
  const bodyRead = request.method !== 'GET';
  // 413, unless the route refused the caller before reading the body (gateway callback authorization).
  if (bodyRead && request.strategy.startsWith('oversized') && ![401, 413].includes(status))
    return 'oversized body not refused with 413';
  if (bodyRead && request.strategy === 'malformed JSON' && !parses(request.payload) && status < 400)
    return 'malformed JSON accepted';
  if (status < 400) return undefined;
  if (changed.length > 0) return `refused but changed ${changed.join(', ')}`;
  const message = (() => {
    try {
      return (JSON.parse(answer) as { message?: unknown }).message;
    } catch {
      return undefined;
    }
  })();
  return typeof message === 'string' && message.length > 0 ? undefined : 'refusal without a message';
}

/** The values of a valid request for one case: the case user's own id and e-mail where asked. */
function validRequest(operation: Operation, random: ReturnType<typeof seededRandom>, user?: CaseUser) {
  const hints: Hints = {
    ...baseHints,
    ...(user ? { UserId: user.userId, id: user.userId, email: user.email, _id: user.userId } : {}),
  };
  const pathValues: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((each) => each.in === 'path'))
    pathValues[parameter.name] = encodeURIComponent(
      String(sampleOf(parameter.schema, random, hints, parameter.name)),
    );
  const body = operation.body ? sampleOf(operation.body, random, hints) : {};
  return { pathValues, body };
}

type CaseUser = Awaited<ReturnType<typeof signedInUser>>;

async function runCase(
  operation: Operation,
  caseIndex: number,
  operationIndex: number,
): Promise<Finding | undefined> {
  const random = seededRandom(seedFor(SEED + caseIndex, operation.label));
  const strategies = strategiesFor(operation);
  const strategy = strategies[caseIndex % strategies.length];
  if (!strategy) throw new Error(`no strategy for ${operation.label}`);
  // Every signed-in case has its own merchant (who may call everything), so that a case that logs
  // out or deletes the account does not change what the next case sees.
  const user = operation.signIn !== 'none' ? await signedInUser(env, { role: 'merchant' }) : undefined;
  const request = strategy({
    operation,
    random,
    ...validRequest(operation, random, user),
    bodyLimitBytes: BODY_LIMIT_BYTES,
  });
  const headers: Record<string, string> = {
    ...request.headers,
    'x-forwarded-for': `10.${operationIndex % 250}.${Math.floor(caseIndex / 250) % 250}.${(caseIndex % 250) + 1}`,
    ...(request.signedIn && user ? user.headers : {}),
  };

  const before = await snapshotTables(env.database.db, tables);
  const response = await env.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const after = await snapshotTables(env.database.db, tables);
  const changed = changedTables(before, after).filter((table) => !COUNTED_ON_REFUSAL.has(table));
  const problem = problemOf(request, response.statusCode, response.body, changed);
  if (!problem) return undefined;
  return {
    strategy: request.strategy,
    request: `${request.method} ${shortened(request.url, 200)}`,
    payload: shortened(String(request.payload ?? '')),
    status: response.statusCode,
    answer: shortened(response.body),
    problem,
  };
}

describe(`bad input against every operation (${CASES} cases each, seed ${SEED})`, () => {
  it('reads the operations from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(OPERATION_COUNT);
    expect(tables.length).toBeGreaterThan(10);
  });

  it('answers no 5xx and changes nothing when it refuses', {
    timeout: 600_000 + CASES * 60_000,
  }, async () => {
    const findings: (Finding & { operation: string })[] = [];
    for (const [operationIndex, operation] of operations.entries()) {
      for (let caseIndex = 0; caseIndex < CASES; caseIndex += 1) {
        const finding = await runCase(operation, caseIndex, operationIndex);
        if (finding) findings.push({ operation: operation.label, ...finding });
      }
    }
    expect(findings).toEqual([]);
  });
});
