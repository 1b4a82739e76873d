import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Left in a PGlite data directory by the process that has it open (PostgreSQL ignores it). */
export const LOCK_FILE = 'erti-pay.lock';

interface LockHolder {
  pid: number;
  holder: string;
  since: string;
}

/** Another live process has the embedded database open; the message says what to do. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, found: LockHolder) {
    const lockPath = join(resolve(dataDir), LOCK_FILE);
    super(
      `The embedded database in ${resolve(dataDir)} is in use by ${found.holder} (pid ${found.pid}, ` +
        `since ${found.since}). Only one process may open it at a time: stop ${found.holder} first, ` +
        'then run this again. (PostgreSQL, through DATABASE_URL, has no such limit. If no such process is ' +
        `running, delete ${lockPath}.)`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const found = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockHolder>;
    return typeof found.pid === 'number' ? { pid: found.pid, holder: '', since: '', ...found } : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the lock file with its content in one step (a hard link fails if it exists), or answers false. */
function tryCreate(lockPath: string, content: LockHolder): boolean {
  const draft = `${lockPath}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(content));
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Claims a PGlite data directory for this process, or throws DataDirInUseError while another live
 * process holds it. Two PGlite instances on one directory do not see each other's writes and can
 * corrupt it; PGlite itself does not check. A lock whose process has died (a crash, SIGKILL) is
 * taken over. Answers the release, which removes the lock if it is still ours.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  const lockPath = join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, holder, since: new Date().toISOString() };
  const release = () => {
    if (readHolder(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
  };
  // Twice at most: a stale lock is removed once; finding another after that means a live rival.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryCreate(lockPath, mine)) return release;
    const found = readHolder(lockPath);
    if (found && isAlive(found.pid)) throw new DataDirInUseError(dataDir, found);
    rmSync(lockPath, { force: true });
  }
  throw new Error(
    `Could not lock ${resolve(lockPath)}: another process keeps claiming it. Stop it and try again.`,
  );
}
