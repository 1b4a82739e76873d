import {
  type CatalogueState,
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
  siteStatusResponseSchema,
} from '@erti/contracts';
import { bbpsClientFromConfig } from '../../integrations/bbps/bbps-client.ts';
import { catalogueStateReader } from '../catalogue/index.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { type BillNetworkProbe, startBillNetworkProbe } from './bill-network-probe.ts';
import { createReadiness } from './readiness.ts';

/**
 * The bill network's probe (decision 110), unless `BBPS_PROBE_SECONDS` is 0. Its calls move the
 * network's state but are not counted as customers' calls in the metrics.
 */
function startProbe(deps: AppDeps): BillNetworkProbe | undefined {
  if (deps.config.BBPS_PROBE_SECONDS === 0) return undefined;
  const network = bbpsClientFromConfig(deps.config, deps.outsideSystems.record);
  return startBillNetworkProbe({
    systems: deps.outsideSystems,
    probe: () => network.probe(),
    intervalMs: deps.config.BBPS_PROBE_SECONDS * 1000,
  });
}

/** A line in the log when an outside system goes down, and when it is back. */
function logChanges(deps: AppDeps): void {
  deps.outsideSystems.listen({
    changed: (system, report, was) => {
      if (report.state === 'down') deps.logger.warn({ system, report }, 'an outside system is down');
      else if (was === 'down') deps.logger.info({ system, report }, 'an outside system answers again');
    },
  });
}

export function createHealthModule(deps: AppDeps): AppModule {
  const catalogueState = catalogueStateReader(deps.db);
  const readiness = createReadiness(deps, catalogueState);
  let probe: BillNetworkProbe | undefined;
  logChanges(deps);

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
    onReady: async () => {
      probe = startProbe(deps);
    },
    routes: async (app) => {
      app.addHook('onClose', async () => probe?.stop());

      app.get(
        '/health',
        {
          schema: {
            tags: ['health'],
            description:
              '`catalogue.syncing` with no `lastSyncAt`: the first synchronisation with the bill network ' +
              'is under way and the biller lists fill when it ends. `outside`: what this replica finds of ' +
              'each outside system from its own calls (decision 110); its status code is its database alone.',
            response: { 200: healthResponseSchema, 503: healthResponseSchema },
          },
        },
        async (_request, reply) => {
          const reachable = await deps.database.ping();
          return reply.status(reachable ? 200 : 503).send({
            status: reachable ? 'ok' : 'degraded',
            database: { kind: deps.database.kind, reachable },
            catalogue: reachable ? await catalogue() : null,
            outside: deps.outsideSystems.reports(),
            uptimeSeconds: Math.round(process.uptime()),
          });
        },
      );

      app.get(
        '/status',
        {
          schema: {
            tags: ['health'],
            description:
              "What every customer is told: whether the bill network can be reached now (the web's banner " +
              'polls it). From memory, never stored; asked while the network is being probed (a call to it ' +
              'just failed), after the probe answers (decision 110).',
            response: { 200: siteStatusResponseSchema },
          },
        },
        async (_request, reply) => {
          await probe?.settled();
          return reply
            .header('cache-control', 'no-store')
            .send({ billNetwork: deps.outsideSystems.report('bbps').state });
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
