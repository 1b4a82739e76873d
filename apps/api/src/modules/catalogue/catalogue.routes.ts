import {
  billerIdRequestSchema,
  billerSchema,
  billerSearchAllQuerySchema,
  billerSearchQuerySchema,
  catalogueSyncResponseSchema,
  circlesRequestSchema,
  coverageStateSchema,
  educationCoverageRequestSchema,
  ipMacResponseSchema,
  planSchema,
  plansRequestSchema,
} from '@erti/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientIpAddress } from '../../integrations/bbps/agent-device.ts';
import type { Auth } from '../../plugins/auth.ts';
import type { CatalogueService, JsonList } from './catalogue.service.ts';
import { isCompressible, sendJson } from './json-list-reply.ts';
import { TtlCache } from './ttl-cache.ts';

const tags = ['catalogue'];

/**
 * How long a category read is answered again by its exact address without being parsed again: a
 * repeat skips query parsing, validation and the handler (half the cost of a cached read), while
 * the security headers and the rate limit still run. Short, so it stretches the service's cache
 * by seconds at most; every replica forgets it when it hears of a sync (decision 069).
 */
const REPEAT_ANSWER_TTL_MS = 5_000;
const REPEAT_ANSWER_ENTRIES = 1_000;

/** The spec's biller, plan and coverage reads (section 7, `/bbps/prod`), public, plus the merchants' sync. */
export function catalogueRoutes(options: {
  catalogue: CatalogueService;
  syncNow: () => Promise<z.infer<typeof catalogueSyncResponseSchema>>;
  macAddress: string;
  auth: Auth;
}): FastifyPluginAsyncZod {
  const { catalogue } = options;
  const repeatAnswers = new TtlCache<{ list: JsonList; edition: number }>(
    REPEAT_ANSWER_TTL_MS,
    REPEAT_ANSWER_ENTRIES,
  );
  const sendBillers = (request: FastifyRequest, reply: FastifyReply, list: JsonList) =>
    sendJson(request, reply.header('x-total-count', String(list.total)), list);

  return async (app) => {
    app.get(
      '/bbps/prod/ip/mac',
      { schema: { tags, response: { 200: ipMacResponseSchema } } },
      async (request) => ({ ipAddress: clientIpAddress(request.ip), macAddress: options.macAddress }),
    );

    // A static route: find-my-way prefers it to the category route below for this one address.
    app.get(
      '/bbps/prod/search',
      {
        schema: {
          tags,
          description:
            'Billers of every category matching `q`, best first (exact name, name start, word start, anywhere, then typos); `limit`/`offset` page. The total is in `x-total-count`.',
          querystring: billerSearchAllQuerySchema,
          response: { 200: z.array(billerSchema) },
        },
      },
      async (request, reply) =>
        sendBillers(request, reply, await catalogue.searchAllCategories(request.query)),
    );

    app.get(
      '/bbps/prod/:categoryTitle',
      {
        // A route's own onRequest hook runs after the api's, so the security headers and the rate
        // limit apply to repeats too.
        onRequest: (request, reply, done) => {
          const repeat = repeatAnswers.peek(request.url);
          if (repeat?.edition === catalogue.edition) {
            sendBillers(request, reply, repeat.list);
            return;
          }
          // A search is answered here from the index in memory, as a repeat is (decision 070): a
          // person typing sends a new query each time. Anything else goes on to validation.
          const query = billerSearchQuerySchema.safeParse(request.query);
          const { categoryTitle } = request.params as { categoryTitle: string };
          const found = query.success ? catalogue.searchIfReady(categoryTitle, query.data) : undefined;
          if (!found) return done();
          // Kept as a repeat is when making it again costs more than keeping it: its compressed
          // bytes, or a search for typos. A small answer found by the index's pieces is made again in
          // microseconds, and keeping every new one cost the api more than that (decision 085).
          if (found.costly || isCompressible(found)) {
            repeatAnswers.put(request.url, { list: found, edition: catalogue.edition });
          }
          sendBillers(request, reply, found);
        },
        schema: {
          tags,
          description:
            'Billers of a category sorted by name; with `q`, the billers whose name or short name contains it, best first (exact, start, word start, anywhere), then those matching with typos; `limit`/`offset` page. The total is in `x-total-count`.',
          params: z.object({ categoryTitle: z.string().max(100) }),
          querystring: billerSearchQuerySchema,
          response: { 200: z.array(billerSchema) },
        },
      },
      async (request, reply) => {
        const edition = catalogue.edition;
        const list = await catalogue.billersOfCategory(request.params.categoryTitle, request.query);
        if (!list.provisional) repeatAnswers.put(request.url, { list, edition });
        return sendBillers(request, reply, list);
      },
    );

    app.post(
      '/bbps/prod/billerid',
      { schema: { tags, body: billerIdRequestSchema, response: { 200: billerSchema } } },
      async (request) => catalogue.billerById(request.body.billerId, request.body.billerCategoryName),
    );

    app.post(
      '/bbps/prod/billerplan/circle',
      { schema: { tags, body: circlesRequestSchema, response: { 200: z.array(z.string()) } } },
      async (request) => catalogue.circles(request.body.billerId),
    );

    app.post(
      '/bbps/prod/circle',
      { schema: { tags, body: plansRequestSchema, response: { 200: z.array(planSchema) } } },
      async (request, reply) =>
        sendJson(request, reply, await catalogue.plans(request.body.billerId, request.body.circle)),
    );

    app.post(
      '/bbps/prod/education/coverage',
      {
        schema: {
          tags,
          description:
            'Without state: the coverage list. With a state (id or name) and optionally an area: the Education Fees billers there.',
          body: educationCoverageRequestSchema,
          response: { 200: z.union([z.array(coverageStateSchema), z.array(billerSchema)]) },
        },
      },
      async (request) => {
        const { state, area } = request.body;
        return state?.trim() ? catalogue.educationBillers(state, area) : catalogue.coverage();
      },
    );

    app.post(
      '/bbps/prod/sync',
      {
        preHandler: options.auth.requireMerchant,
        schema: { tags, security: [{ bearer: [] }], response: { 200: catalogueSyncResponseSchema } },
      },
      async () => options.syncNow(),
    );
  };
}
