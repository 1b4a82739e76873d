// `npm start`: builds what is missing, then runs the sandbox and the api with the embedded database.
import { buildWhatIsMissing, startService, superviseChildren } from './processes.mjs';

await buildWhatIsMissing();
const sandbox = startService('sandbox', { NODE_ENV: process.env.NODE_ENV ?? 'production' });
const api = startService('api', {});
superviseChildren([sandbox, api]);
console.info(
  `Erti Pay: http://localhost:${process.env.PORT ?? 3000} (sandbox http://localhost:${process.env.SANDBOX_PORT ?? 3001})`,
);
