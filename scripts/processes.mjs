import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildServers, builtEntry } from './build.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

/**
 * Starts one of our Node services as a child process: its compiled release (`apps/<name>/dist`, decision
 * 131), or with `watch` its TypeScript source through tsx, restarted on every change (`npm run dev`).
 */
export function startService(name, env, { watch = false } = {}) {
  const [command, args] = watch
    ? [tsx, ['watch', `apps/${name}/src/server.ts`]]
    : [process.execPath, builtEntry(name)];
  return spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
}

/**
 * Builds what a start needs: the server apps when their build is missing or older than their source (a
 * second or two), the web app when it has not been built yet.
 */
export async function buildWhatIsMissing() {
  await buildServers({ ifStale: true });
  if (existsSync(`${root}apps/web/dist/index.html`)) return;
  console.info('Building the web app (first start)...');
  await run('npm', ['run', 'build', '-w', '@erti/web']);
}

export function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** Stops every child on Ctrl-C or SIGTERM, and exits when any of them dies. */
export function superviseChildren(children) {
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 3000).unref();
    Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() =>
      process.exit(code),
    );
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  for (const child of children) child.on('exit', (code) => stop(code ?? 1));
}
