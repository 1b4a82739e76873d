import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { Faults, registerFaults } from './faults/faults.ts';
import { sandboxGateways } from './gateways.ts';
import { Mailbox, registerMailbox } from './mailbox/mailbox.ts';
import { type SandboxConfig, sandboxSystems } from './modules.ts';

export interface Sandbox {
  app: FastifyInstance;
  mailbox: Mailbox;
  faults: Faults;
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
  await registerFaults(app, faults);
  await registerMailbox(app, mailbox);
  app.get('/health', async () => ({
    status: 'ok',
    systems: ['bou', ...sandboxGateways.map((gateway) => gateway.name), 'mailbox', 'logos'],
  }));
  for (const system of sandboxSystems) await system(app, { config, faults });
  return { app, mailbox, faults };
}
