import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const SERVER = 'the api server (npm start or npm run dev)';
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erti-lock-'));
  dirs.push(dir);
  return dir;
}

/** A data directory whose lock names `pid` (the parent of this test process is alive; a finished child is not). */
function lockedBy(pid: number): string {
  const dir = dataDir();
  writeFileSync(
    join(dir, LOCK_FILE),
    JSON.stringify({ pid, holder: SERVER, since: '2025-06-01T10:00:00.000Z' }),
  );
  return dir;
}

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('one process per embedded database', () => {
  it('refuses a directory a live process has open, saying to stop the server first', async () => {
    const dir = lockedBy(process.ppid);
    const opening = openDatabase({ dataDir: dir, holder: 'npm run cli' });
    await expect(opening).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(opening).rejects.toThrow(
      `is in use by ${SERVER} (pid ${process.ppid}, since 2025-06-01T10:00:00.000Z). Only one process may open it at a time: stop ${SERVER} first`,
    );
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.ppid);
  });

  it('takes over the lock of a process that died, and gives it back on release', () => {
    const dir = lockedBy(deadPid());
    const release = lockDataDir(dir, 'npm run cli');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      holder: 'npm run cli',
    });
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('makes `npm run cli -- grant-merchant` stop with that message and exit 1 while the server runs', async () => {
    const dir = lockedBy(process.ppid);
    const { DATABASE_URL: _url, ...env } = process.env;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', 'grant-merchant', 'shopkeeper@example.com'],
        { cwd: apiRoot, env: { ...env, DATA_DIR: dir, INIT_CWD: apiRoot } },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      new DataDirInUseError(dir, { pid: process.ppid, holder: SERVER, since: '2025-06-01T10:00:00.000Z' })
        .message,
    );
  });
});
