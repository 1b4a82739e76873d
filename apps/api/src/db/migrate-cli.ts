import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { keepNewFilesPrivate } from './private-files.ts';

keepNewFilesPrivate();
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  holder: 'npm run db:migrate',
});
await database.migrate();
await database.close();
console.info(`Migrations applied (${database.kind}).`);
