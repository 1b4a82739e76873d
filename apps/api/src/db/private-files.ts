import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's directory holds customers' e-mails and phone numbers (in its tables and its
 * write-ahead log): only the api's own user may read or write it. PGlite creates its files 0666 and
 * its directories 0777, so the process's umask decides (decision 102).
 */
const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** Every file and directory this process creates from now on is its user's alone. */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Takes away every other user's access to `dir` and everything under it (a directory made before the
 * umask, by an older version): directories 0700, everything else 0600. Symbolic links are neither
 * changed nor followed. Answers how many modes it changed.
 */
export function repairPrivateModes(dir: string): number {
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return 0;
  const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  let repaired = 0;
  if ((stat.mode & 0o777) !== wanted) {
    chmodSync(dir, wanted);
    repaired += 1;
  }
  if (stat.isDirectory())
    for (const name of readdirSync(dir)) repaired += repairPrivateModes(join(dir, name));
  return repaired;
}
