import { z } from 'zod';
import type { AppDeps, AppModule } from '../module.ts';

const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  uptimeSeconds: z.number(),
});

export function createHealthModule(deps: AppDeps): AppModule {
  return {
    name: 'health',
    routes: async (app) => {
      app.get(
        '/health',
        { schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
        async (_request, reply) => {
          const reachable = await deps.database.ping();
          return reply.status(reachable ? 200 : 503).send({
            status: reachable ? 'ok' : 'degraded',
            database: { kind: deps.database.kind, reachable },
            uptimeSeconds: Math.round(process.uptime()),
          });
        },
      );
    },
  };
}
