import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonList } from './catalogue.service.ts';

/** Lists smaller than this are sent as they are: compression would save too little to pay for itself. */
const COMPRESS_FROM_BYTES = 1024;

/** Whether the list is sent compressed to a client that takes it. */
export const isCompressible = (list: JsonList) => list.json.length >= COMPRESS_FROM_BYTES;

/** The codings a cached list is sent in besides plain JSON, the smallest first. */
type Coding = 'br' | 'gzip';
const CODINGS: readonly Coding[] = ['br', 'gzip'];

/**
 * Brotli at quality 6 costs what gzip does (0.4 ms for a circle's 66 KB of plans) and is a fifth
 * smaller there (3.1 KB against 4.0 KB); quality 11 would save 0.3 KB more for 70 ms of CPU. A list
 * made for one answer (a typed search, decision 070) takes quality 1 and gzip level 1: a page of 20
 * billers in 1,234 bytes instead of 1,051, for a third to a half of the time.
 */
const compress: Record<Coding, (json: string, quick: boolean) => Buffer> = {
  br: (json, quick) =>
    brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quick ? 1 : 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json, quick) => gzipSync(json, { level: quick ? 1 : constants.Z_DEFAULT_COMPRESSION }),
};

/**
 * The bytes of a cached list, plain and in each coding, each made on first need and dropped with the
 * cache entry: a string body would be measured and encoded again for every answer (12 KB for a page
 * of billers).
 */
const encodedBodies = new WeakMap<JsonList, Partial<Record<Coding | 'plain', Buffer>>>();

function bodyOf(list: JsonList, coding: Coding | undefined): Buffer {
  let bodies = encodedBodies.get(list);
  if (!bodies) {
    bodies = {};
    encodedBodies.set(list, bodies);
  }
  if (coding) {
    bodies[coding] ??= compress[coding](list.json, list.madeForOneAnswer === true);
    return bodies[coding];
  }
  bodies.plain ??= Buffer.from(list.json);
  return bodies.plain;
}

/**
 * The coding an Accept-Encoding takes with the highest weight, brotli on a tie; none when it takes
 * neither (or refuses both with `q=0`). `*` stands for a coding it does not name.
 */
export function codingFor(acceptEncoding: string): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.toLowerCase().split(';');
    const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    weights.set(name.trim(), weight === undefined ? 1 : Number(weight.slice(2)));
  }
  let chosen: Coding | undefined;
  let chosenWeight = 0;
  for (const coding of CODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > chosenWeight) {
      chosen = coding;
      chosenWeight = weight;
    }
  }
  return chosen;
}

/** Browsers send a handful of Accept-Encoding values: each is read once (a bounded memo). */
const codingByAcceptEncoding = new Map<string, Coding | undefined>();
const MEMO_ENTRIES = 64;

function codingOf(request: FastifyRequest): Coding | undefined {
  const accepted = request.headers['accept-encoding'];
  if (!accepted) return undefined;
  if (codingByAcceptEncoding.has(accepted)) return codingByAcceptEncoding.get(accepted);
  const coding = codingFor(accepted);
  if (codingByAcceptEncoding.size < MEMO_ENTRIES) codingByAcceptEncoding.set(accepted, coding);
  return coding;
}

/**
 * Sends a list the service serialised (and cached) already, as it is: with a JSON content type, the
 * route's schema documents the answer without encoding it again. A phone that takes brotli or gzip
 * gets a compressed copy (a circle's plans: 66 KB as JSON, 3 KB in brotli, 4 KB gzipped).
 * Master data changes at most a few times a day: browsers and proxies may reuse it for a minute,
 * unless it is empty, which at first start means the sync has not brought it yet (health says so).
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, list: JsonList): FastifyReply {
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', list.total > 0 ? 'public, max-age=60' : 'no-store')
    .header('vary', 'accept-encoding');
  if (!isCompressible(list)) return reply.send(list.json);
  const coding = codingOf(request);
  if (coding) reply.header('content-encoding', coding);
  return reply.send(bodyOf(list, coding));
}
