import { loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { accountCommands } from './modules/accounts/accounts.cli.ts';

/**
 * Operator commands: `npm run cli -- <command> [arguments]`. Opens the database the way the
 * server does. Embedded PGlite allows one process per data directory: while the server has it
 * open, the command stops at once and says to stop the server first (nothing is written).
 */
const commands = { ...accountCommands };
const [name = '', ...args] = process.argv.slice(2);
const command = commands[name];

if (!command) {
  console.error(
    `Usage: npm run cli -- <command>\n\nCommands:\n${Object.values(commands)
      .map((known) => `  ${known.usage}`)
      .join('\n')}`,
  );
  process.exit(2);
}

// npm runs workspace scripts inside apps/api; a relative DATA_DIR means the directory the operator
// ran `npm run cli` from (the repository root, where `npm start` keeps its database).
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const config = loadConfig();
let database: DatabaseHandle | undefined;
try {
  database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    holder: 'npm run cli',
  });
  await database.migrate();
  console.info(await command.run(database.db, args));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database?.close();
}
