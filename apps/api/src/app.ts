import { fileURLToPath } from 'node:url';
import { GATEWAYS } from '@erti/contracts';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Config, outsideBaseUrl, surfaceOn } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { type Mailer, recordedMailer } from './integrations/mail/mailer.ts';
import { recordingTo } from './integrations/outside-calls.ts';
import { createOutsideSystems } from './integrations/outside-systems.ts';
import type { JobHandler } from './jobs/job-queue.ts';
import { type Clock, createTestClock, systemClock } from './lib/clock.ts';
import { networkMarksFrom } from './lib/network-marks.ts';
import { connectRedis } from './lib/redis.ts';
import { createLifecycle, type Lifecycle } from './lifecycle.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { readinessReader } from './modules/health/index.ts';
import { moduleFactories } from './modules/index.ts';
import type { AppDeps, AppModule } from './modules/module.ts';
import { PRERENDERED_PAGE_SCRIPT_SOURCE, siteConfigFor } from './modules/site/index.ts';
import { createAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerNetworkMarks } from './plugins/network-marks.ts';
import { registerPrivateAnswers } from './plugins/private-answers.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { rejectNulCharacters } from './plugins/reject-nul-characters.ts';
import {
  AccessLog,
  LOG_SERIALIZERS,
  REDACTED_LOG_PATHS,
  requestLoggerFactory,
} from './plugins/request-logger.ts';
import { registerRequestMetrics } from './plugins/request-metrics.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerTestClock } from './plugins/test-clock.ts';

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  modules: AppModule[];
  jobHandlers: Record<string, JobHandler>;
  /** Whether the process is shutting down: server.ts begins it, readiness reads it (decision 066). */
  lifecycle: Lifecycle;
  /** Served on METRICS_PORT by server.ts, never on the api's port (decision 067). */
  metrics: Metrics;
  /** The time jobs and rules read: the system's, or with TEST_CLOCK the one tests move (decision 073). */
  clock: Clock;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The origins the browser may talk to besides our own: the gateways' pages and the logo store. */
function outsideOrigins(config: Config): string[] {
  const systems = [...GATEWAYS, 'bbps'] as const;
  const origins = systems.map((system) => new URL(outsideBaseUrl(config, system)).origin);
  origins.push(new URL(config.SANDBOX_URL).origin);
  return [...new Set(origins)];
}

/** The replicas' shared Redis (REDIS_URL), closed with the app. */
async function sharedRedis(app: FastifyInstance, url: string) {
  const redis = await connectRedis(url);
  app.addHook('onClose', async () => redis.disconnect());
  return redis;
}

/**
 * Builds the api from its dependencies without listening (tests use `app.inject`).
 */
export async function buildApp(options: {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
}): Promise<BuiltApp> {
  const { config, database, mailer } = options;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: REDACTED_LOG_PATHS,
            serializers: LOG_SERIALIZERS,
          },
    childLoggerFactory: requestLoggerFactory,
    logController: new AccessLog(),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const lifecycle = createLifecycle(app);
  rejectNulCharacters(app);
  const outsideSystems = createOutsideSystems();
  const metrics = createMetrics({
    db: database.db,
    outsideSystems,
    ready: readinessReader({ database, db: database.db, lifecycle }),
    handoffExpirySeconds: config.HANDOFF_EXPIRY_SECONDS,
  });
  const recordOutsideCall = recordingTo(metrics.recordOutsideCall, outsideSystems.record);
  registerRequestMetrics(app, metrics);

  const origins = outsideOrigins(config);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", PRERENDERED_PAGE_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...origins],
        mediaSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'", ...origins],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerPrivateAnswers(app);
  const auth = createAuth(config, database.db);
  await registerRateLimit(app, {
    visitorsPerMinute: config.RATE_LIMIT_PER_MINUTE,
    accountsPerMinute: config.ACCOUNT_RATE_LIMIT_PER_MINUTE,
    accountOf: auth.tokenAccountOf,
    redis: config.REDIS_URL
      ? { client: await sharedRedis(app, config.REDIS_URL), keyPrefix: config.REDIS_KEY_PREFIX }
      : undefined,
  });
  // Gateways post their results back as HTML forms (PayU's post back, Razorpay's checkout callback).
  await app.register(formbody, { bodyLimit: 65_536 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Erti Pay API',
        version: '0.1.0',
        description: 'Bill payments and recharges on Bharat Connect',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The document itself is built either way (tests read it); production serves it only when asked (decision 103).
  if (surfaceOn(config, 'API_DOCS'))
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  database.onConnectionLost((error) =>
    app.log.warn(
      { err: error },
      'the database closed an idle connection; the pool opens a new one when needed',
    ),
  );
  database.notices.onListenerLost((error) =>
    app.log.warn({ err: error }, 'change notices interrupted; reconnecting, then every cache is forgotten'),
  );

  let clock: Clock = systemClock;
  if (config.TEST_CLOCK) {
    const testClock = createTestClock();
    registerTestClock(app, testClock);
    clock = testClock;
  }
  const deps: AppDeps = {
    clock,
    config,
    database,
    db: database.db,
    mailer: recordedMailer(mailer, recordOutsideCall),
    auth,
    logger: app.log,
    lifecycle,
    recordOutsideCall,
    outsideSystems,
    networkMarks: networkMarksFrom(config.NETWORK_MARKS_DIR, (message) => app.log.warn(message)),
  };
  const modules = moduleFactories.map((create) => create(deps));
  for (const module of modules) await app.register(module.routes, { prefix: '/api' });
  const jobHandlers = Object.assign({}, ...modules.map((module) => module.jobs ?? {}));

  await registerNetworkMarks(app, deps.networkMarks);
  await registerSpa(app, config.WEB_DIST_DIR ?? defaultWebDist, siteConfigFor(config));
  return { app, deps, modules, jobHandlers, lifecycle, metrics, clock };
}
