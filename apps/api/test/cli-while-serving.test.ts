import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATOR_SOCKET_FILE } from '../src/operator/operator-socket.ts';
import { apiProcesses, signUpThroughProcess } from './support/api-process.ts';

/**
 * `npm run cli` while the server runs (decision 077): on PGlite the command goes through the
 * server's operator socket, on PostgreSQL straight to the database; either way the merchant's next
 * call sees the change, and nothing asks the operator to stop the server.
 */
const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const processes = apiProcesses();

function cli(env: Record<string, string>, ...args: string[]) {
  const { DATABASE_URL: _url, ...inherited } = process.env;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      { cwd: apiRoot, env: { ...inherited, ...env, INIT_CWD: apiRoot } },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

const history = (headers: Record<string, string>) =>
  fetch(`${processes.api.url}/api/phonepe/merchant/history`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  }).then((response) => response.status);

describe('npm run cli while the api server runs', () => {
  it('grants and revokes the merchant role, seen on the next call, and says what went wrong', async () => {
    const api = await processes.start();
    await api.ready();
    const shopkeeper = await signUpThroughProcess(api, processes.sandbox, 'cli-serving');
    const { env } = processes.database;
    expect(await history(shopkeeper.headers)).toBe(403);

    const granted = await cli(env, 'grant-merchant', shopkeeper.email);
    expect(granted).toMatchObject({ code: 0, stdout: `${shopkeeper.email} now has the merchant role.\n` });
    expect(await history(shopkeeper.headers)).toBe(200);

    const unknown = await cli(env, 'grant-merchant', 'nobody-here@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      'No account uses nobody-here@example.com. The person must sign up first.',
    );

    const revoked = await cli(env, 'revoke-merchant', shopkeeper.email);
    expect(revoked).toMatchObject({ code: 0, stdout: `${shopkeeper.email} now has the user role.\n` });
    expect(await history(shopkeeper.headers)).toBe(403);
  }, 120_000);

  it.runIf(process.env.TEST_DB_DRIVER !== 'postgres')(
    "keeps the embedded server's socket to its own user, and removes it when the server stops",
    async () => {
      const api = await processes.start();
      await api.ready();
      const socket = join(processes.database.env.DATA_DIR as string, OPERATOR_SOCKET_FILE);
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      api.child.kill('SIGTERM');
      expect(await api.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(socket)).toBe(false);
    },
    120_000,
  );
});
