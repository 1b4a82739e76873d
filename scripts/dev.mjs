// `npm run dev`: sandbox and api with reload on change, and the Vite dev server with hot reload on :5173.
import { spawn } from 'node:child_process';
import { root, startService, superviseChildren } from './processes.mjs';

const sandbox = startService('sandbox', {}, { watch: true });
const api = startService('api', { NODE_ENV: 'development' }, { watch: true });
const web = spawn('npm', ['run', 'dev', '-w', '@erti/web'], { cwd: root, stdio: 'inherit' });
superviseChildren([sandbox, api, web]);
