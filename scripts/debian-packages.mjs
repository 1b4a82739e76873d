// What the scripts need from Debian (Chromium for the browser tests, nginx for the replicas): installed
// when missing if we are root, as CI is; otherwise the message says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Makes sure `binary` exists, installing Debian's `name` package when it does not. */
export function ensureDebianPackage(binary, name) {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    console.error(`${binary} not found. Install it with: sudo apt-get install -y ${name}`);
    process.exit(1);
  }
  console.info(`${binary} is missing: installing Debian package ${name}...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', name], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
