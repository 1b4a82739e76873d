import { loadConfig } from './config.ts';
import { type DatabaseHandle, type Executor, openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { keepNewFilesPrivate } from './db/private-files.ts';
import { operatorCommands, usageText } from './operator/operator-commands.ts';
import { sendToRunningServer } from './operator/operator-socket.ts';

/**
 * Operator commands: `npm run cli -- <command> [arguments]`. Opens the database the way the server
 * does. Embedded PGlite allows one process per data directory: while the server has it open, the
 * command goes to the server through its operator socket and runs there (decision 077).
 */
const [name = '', ...args] = process.argv.slice(2);
const command = operatorCommands[name];

if (!command) {
  console.error(usageText());
  process.exit(2);
}

// What the command writes (the embedded database, when the server is not running) is this user's alone.
keepNewFilesPrivate();
// npm runs workspace scripts inside apps/api; a relative DATA_DIR means the directory the operator
// ran `npm run cli` from (the repository root, where `npm start` keeps its database).
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const config = loadConfig();

/** Runs the command through the server that holds the embedded database, or rethrows why it cannot. */
async function runThroughServer(inUse: DataDirInUseError): Promise<string> {
  const answer = await sendToRunningServer(config.DATA_DIR, name, args);
  if (!answer) throw inUse;
  if (!answer.ok) throw new Error(answer.error);
  return answer.output;
}

/** Runs the command on the database, or through the server when the server has it open. */
async function runCommand(run: (executor: Executor) => Promise<string>): Promise<string> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      holder: 'npm run cli',
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    return runThroughServer(error);
  }
  try {
    await database.migrate();
    return await run(database.db);
  } finally {
    await database.close();
  }
}

try {
  console.info(await runCommand((executor) => command.run(executor, args)));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
