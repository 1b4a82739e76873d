import { buildSandbox } from './app.ts';
import { loadSandboxEnv } from './config.ts';

const { host, port, smtpPort, config } = loadSandboxEnv();
const sandbox = await buildSandbox(config, { logger: true });
const boundSmtp = await sandbox.mailbox.listen(smtpPort, host);
await sandbox.app.listen({ host, port });
sandbox.app.log.info(`sandbox mailbox SMTP on ${host}:${boundSmtp}`);

async function shutdown() {
  await sandbox.app.close();
  await sandbox.mailbox.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// Started by a test run over an IPC channel: when that run is killed, the sandbox stops with it.
if (process.channel) process.once('disconnect', () => void shutdown());
