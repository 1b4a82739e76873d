import { type CatalogueState, healthResponseSchema } from '@erti/contracts';
import { catalogueStateReader } from '../catalogue/catalogue.lookups.ts';
import type { AppDeps, AppModule } from '../module.ts';

export function createHealthModule(deps: AppDeps): AppModule {
  const catalogueState = catalogueStateReader(deps.db);

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
    },
  };
}
