import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout this file is in. */
export const repository = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Some of the repository's folders copied to a temporary directory, for a dry run of a change (adding
 * a gateway, decision 125): `hashes()` before and after tells which files it touched, and modules of
 * the copy import each other and the copied workspace packages (`own`), every other package from the
 * checkout's node_modules.
 */
export function copyOfRepository(folders: string[], own: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'erti-dry-run-'));
  for (const folder of folders) {
    cpSync(join(repository, folder), join(root, folder), {
      recursive: true,
      filter: (source) => !source.includes('/node_modules'),
    });
  }
  linkPackages(root, own);
  return {
    root,
    path: (file: string) => join(root, file),
    read: (file: string) => readFileSync(join(root, file), 'utf8'),
    hashes: () => hashesOf(root),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Each file's path under `root` and its content's hash. */
function hashesOf(root: string, dir = root, found = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashesOf(root, path, found);
    else found.set(relative(root, path), createHash('sha1').update(readFileSync(path)).digest('hex'));
  }
  return found;
}

/** The paths whose content differs between two `hashes()`, added and removed files too. */
export function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (path) => before.get(path) !== after.get(path),
  );
}

/**
 * node_modules for the copy: the workspace packages named in `own` (package name → folder) are the
 * copy's; every other entry links to the checkout's, whose real path stays there (so Vite leaves those
 * to Node rather than transforming them). The apps' own node_modules are linked as they are.
 */
function linkPackages(root: string, own: Record<string, string>) {
  const modules = join(repository, 'node_modules');
  mkdirSync(join(root, 'node_modules/@erti'), { recursive: true });
  for (const name of readdirSync(modules)) {
    if (name !== '@erti') symlinkSync(join(modules, name), join(root, 'node_modules', name));
  }
  for (const name of readdirSync(join(modules, '@erti'))) {
    const folder = own[`@erti/${name}`];
    symlinkSync(
      folder ? join(root, folder) : join(modules, '@erti', name),
      join(root, 'node_modules/@erti', name),
    );
  }
  for (const app of ['apps/api', 'apps/web', 'apps/sandbox']) {
    const appModules = join(repository, app, 'node_modules');
    if (
      statSync(appModules, { throwIfNoEntry: false }) &&
      statSync(join(root, app), { throwIfNoEntry: false })
    )
      symlinkSync(appModules, join(root, app, 'node_modules'));
  }
}
