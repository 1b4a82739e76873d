import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

/** Starts one of our Node services (`apps/<name>/src/server.ts`) as a child process. */
export function startService(name, env, { watch = false } = {}) {
  const args = watch ? ['watch', `apps/${name}/src/server.ts`] : [`apps/${name}/src/server.ts`];
  return spawn(tsx, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
}

/** Builds the web app when it has not been built yet. */
export async function buildWebIfMissing() {
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
