import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogueRoutes } from '../src/modules/catalogue/catalogue.routes.ts';
import type { CatalogueService, JsonList } from '../src/modules/catalogue/catalogue.service.ts';
import type { Auth } from '../src/plugins/auth.ts';
import { registerRateLimit } from '../src/plugins/rate-limit.ts';

/**
 * The category read answers a repeated address from memory (decision 053). A stub catalogue counts
 * how often the route really asks it; the rate limit is registered as the api registers it.
 */
const REQUESTS_PER_MINUTE = 6;

const biller = (billerName: string) => ({ billerId: `${billerName.toUpperCase()}01`, billerName });
const listOf = (names: string[], provisional = false): JsonList => ({
  json: JSON.stringify(names.map(biller)),
  total: names.length,
  provisional,
});

let app: FastifyInstance;
let served: JsonList;
let reads: number;
let edition: number;
/** What the index answers a search with; undefined as while it is being built. */
let indexAnswer: JsonList | undefined;
let searches: number;

beforeEach(async () => {
  served = listOf(['Adani Gas', 'Bharat Gas']);
  reads = 0;
  edition = 0;
  indexAnswer = undefined;
  searches = 0;
  const catalogue = {
    get edition() {
      return edition;
    },
    async billersOfCategory() {
      reads += 1;
      return served;
    },
    searchIfReady() {
      searches += 1;
      return indexAnswer;
    },
  } as unknown as CatalogueService;
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerRateLimit(app, {
    visitorsPerMinute: REQUESTS_PER_MINUTE,
    accountsPerMinute: REQUESTS_PER_MINUTE,
    accountOf: () => undefined,
  });
  await app.register(
    catalogueRoutes({
      catalogue,
      syncNow: async () => ({
        billers: 0,
        plans: 0,
        circles: 0,
        locations: 0,
        deactivated: 0,
        durationMs: 0,
      }),
      macAddress: '00:00:00:00:00:00',
      auth: {} as Auth,
    }),
    { prefix: '/api' },
  );
});
afterEach(async () => {
  await app.close();
});

const get = (url: string) => app.inject({ method: 'GET', url: `/api/bbps/prod/${url}` });

describe('a repeated category read', () => {
  it('is answered from memory with the same body and headers', async () => {
    const first = await get('Gas?limit=20');
    const repeat = await get('Gas?limit=20');
    expect(reads).toBe(1);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.body).toBe(first.body);
    for (const header of ['x-total-count', 'content-type', 'cache-control', 'vary']) {
      expect(repeat.headers[header]).toBe(first.headers[header]);
    }
    expect(repeat.headers['x-total-count']).toBe('2');
  });

  it('is read again once the catalogue changed', async () => {
    await get('Gas');
    served = listOf(['Adani Gas', 'Bharat Gas', 'Gujarat Gas']);
    edition += 1;
    const after = await get('Gas');
    expect(reads).toBe(2);
    expect(after.json()).toHaveLength(3);
    expect(after.headers['x-total-count']).toBe('3');
  });

  it('is not kept when the list is provisional (the first sync may not have brought it yet)', async () => {
    served = listOf([], true);
    await get('Gas');
    await get('Gas');
    expect(reads).toBe(2);
  });

  it('is kept when a search found nothing', async () => {
    served = listOf([]);
    await get('Gas?q=zzz');
    const repeat = await get('Gas?q=zzz');
    expect(reads).toBe(1);
    expect(repeat.json()).toEqual([]);
    expect(repeat.headers['x-total-count']).toBe('0');
  });

  it('is validated every time when refused', async () => {
    for (const attempt of [1, 2]) {
      const refused = await get('Gas?limit=0');
      expect(refused.statusCode, `attempt ${attempt}`).toBe(400);
    }
    expect(reads).toBe(0);
  });

  it('still counts against the rate limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= REQUESTS_PER_MINUTE; attempt += 1) {
      statuses.push((await get('Gas?limit=20')).statusCode);
    }
    expect(reads).toBe(1);
    expect(statuses.slice(0, REQUESTS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('a search answered from the index', () => {
  const searchAnswer = (names: string[], costly: boolean): JsonList => ({
    ...listOf(names),
    madeForOneAnswer: true,
    costly,
  });

  it('is made again when small and found by the pieces alone: keeping it costs more (decision 085)', async () => {
    indexAnswer = searchAnswer(['Adani Gas'], false);
    const first = await get('Gas?q=adan');
    const repeat = await get('Gas?q=adan');
    expect(searches).toBe(2);
    expect(repeat.body).toBe(first.body);
    expect(repeat.headers['x-total-count']).toBe('1');
    expect(reads).toBe(0);
  });

  it('is kept when typos were looked for', async () => {
    indexAnswer = searchAnswer(['Adani Gas'], true);
    await get('Gas?q=adanii');
    const repeat = await get('Gas?q=adanii');
    expect(searches).toBe(1);
    expect(repeat.json()).toEqual([biller('Adani Gas')]);
  });

  it('is kept when it is sent compressed, with its compressed bytes', async () => {
    indexAnswer = searchAnswer(
      Array.from({ length: 40 }, (_, index) => `Gas Company ${index}`),
      false,
    );
    const asked = { 'accept-encoding': 'br' };
    const first = await app.inject({ method: 'GET', url: '/api/bbps/prod/Gas?q=gas', headers: asked });
    const repeat = await app.inject({ method: 'GET', url: '/api/bbps/prod/Gas?q=gas', headers: asked });
    expect(searches).toBe(1);
    expect(repeat.headers['content-encoding']).toBe('br');
    expect(repeat.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});
