import {
  type CatalogueState,
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
} from '@erti/contracts';
import { catalogueStateReader } from '../catalogue/catalogue.lookups.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { createReadiness } from './readiness.ts';

export function createHealthModule(deps: AppDeps): AppModule {
  const catalogueState = catalogueStateReader(deps.db);
  const readiness = createReadiness(deps, catalogueState);

  /** The catalogue's state, or null when it cannot be read: health answers either way. */
  async function catalogue(): Promise<CatalogueState | null> {
    try {
      return await catalogueState();
    } catch (error) {
      deps.logger.warn({ err: error }, 'health could not read the catalogue state');
      return null;
    }
  }

  return {
    name: 'health',
    routes: async (app) => {
      app.get(
        '/health',
        {
          schema: {
            tags: ['health'],
            description:
              '`catalogue.syncing` with no `lastSyncAt`: the first synchronisation with the bill network ' +
              'is under way and the biller lists fill when it ends.',
            response: { 200: healthResponseSchema, 503: healthResponseSchema },
          },
        },
        async (_request, reply) => {
          const reachable = await deps.database.ping();
          return reply.status(reachable ? 200 : 503).send({
            status: reachable ? 'ok' : 'degraded',
            database: { kind: deps.database.kind, reachable },
            catalogue: reachable ? await catalogue() : null,
            uptimeSeconds: Math.round(process.uptime()),
          });
        },
      );

      app.get(
        '/health/live',
        {
          schema: {
            tags: ['health'],
            description: 'The process answers: 200 for as long as it runs (a liveness probe).',
            response: { 200: livenessResponseSchema },
          },
        },
        async () => ({ status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) }),
      );

      app.get(
        '/health/ready',
        {
          schema: {
            tags: ['health'],
            description:
              'Whether a load balancer may send this replica requests: 200 when the database answers, every ' +
              'migration is applied, the catalogue has been loaded and the process is not shutting down; ' +
              'otherwise 503 naming the checks that failed (decision 066).',
            response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
          },
        },
        async (_request, reply) => {
          const answer = await readiness();
          return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
        },
      );
    },
  };
}
