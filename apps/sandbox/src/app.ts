import { TEST_CLOCK_CHANGE_PROBLEM, testClockChangeSchema } from '@erti/protocols';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { SandboxClock } from './bou/clock.ts';
import { Faults, registerFaults } from './faults/faults.ts';
import { sandboxGateways } from './gateways.ts';
import { Mailbox, registerMailbox } from './mailbox/mailbox.ts';
import { type SandboxConfig, sandboxSystems } from './modules.ts';

export interface Sandbox {
  app: FastifyInstance;
  mailbox: Mailbox;
  faults: Faults;
  clock: SandboxClock;
}

/** `POST /__test/clock` {advanceMs}, as the api has it with TEST_CLOCK (decision 073). */
function registerTestClock(app: FastifyInstance, clock: SandboxClock): void {
  app.post('/__test/clock', async (request, reply) => {
    const change = testClockChangeSchema.safeParse(request.body);
    if (!change.success) return reply.status(400).send({ message: TEST_CLOCK_CHANGE_PROBLEM });
    clock.advance(change.data.advanceMs);
    return { now: clock.now().toISOString(), offsetMs: clock.offset };
  });
}

/** Builds the sandbox (the simulated outside world) without listening. */
export async function buildSandbox(
  config: SandboxConfig,
  options: { logger?: boolean } = {},
): Promise<Sandbox> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 2 * 1024 * 1024 });
  await app.register(formbody);
  const faults = new Faults();
  const mailbox = new Mailbox();
  const clock = new SandboxClock();
  if (config.testClock) registerTestClock(app, clock);
  await registerFaults(app, faults);
  await registerMailbox(app, mailbox);
  app.get('/health', async () => ({
    status: 'ok',
    systems: ['bou', ...sandboxGateways.map((gateway) => gateway.name), 'mailbox', 'logos'],
  }));
  for (const system of sandboxSystems) await system(app, { config, faults, clock });
  return { app, mailbox, faults, clock };
}
