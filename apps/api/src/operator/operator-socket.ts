import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { operatorCommands } from './operator-commands.ts';

/**
 * The embedded database allows one process per data directory, so while `npm start` runs, `npm run
 * cli` cannot open it. Instead the server listens on a Unix socket in the data directory and runs
 * the command on its own connection (decision 077). The socket file is
 * readable and writable by the server's own user only, like the data directory's files, so it gives
 * nobody anything they could not already do to the database files.
 */
export const OPERATOR_SOCKET_FILE = 'operator.sock';

/** Linux refuses a Unix socket path longer than this (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;

interface OperatorRequest {
  command: string;
  args: string[];
}

/** What the server answers: the command's words, or why it failed. */
export type OperatorAnswer = { ok: true; output: string } | { ok: false; error: string };

export function operatorSocketPath(dataDir: string): string {
  return join(resolve(dataDir), OPERATOR_SOCKET_FILE);
}

function parseRequest(line: string): OperatorRequest | undefined {
  try {
    const request = JSON.parse(line) as Partial<OperatorRequest>;
    if (typeof request.command !== 'string' || !Array.isArray(request.args)) return undefined;
    if (!request.args.every((arg) => typeof arg === 'string')) return undefined;
    return { command: request.command, args: request.args };
  } catch {
    return undefined;
  }
}

async function answer(executor: Executor, line: string): Promise<OperatorAnswer> {
  const request = parseRequest(line);
  if (!request) return { ok: false, error: 'The request is not a command with arguments.' };
  const command = operatorCommands[request.command];
  if (!command) return { ok: false, error: `There is no command "${request.command}".` };
  try {
    return { ok: true, output: await command.run(executor, request.args) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Listens for `npm run cli` on the data directory's socket: one JSON line in, one JSON line out per
 * connection. Answers undefined (and logs why) when the path is too long for a Unix socket.
 */
export async function openOperatorSocket(options: {
  dataDir: string;
  executor: Executor;
  logger: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> } | undefined> {
  const path = operatorSocketPath(options.dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    options.logger.warn(
      { path },
      'data directory path too long for the operator socket: npm run cli needs the server stopped',
    );
    return undefined;
  }
  // Left by a process that was killed: the data directory's lock says nobody else has it now.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end < 0) return;
      void answer(options.executor, received.slice(0, end)).then((reply) => {
        options.logger.info(
          { command: parseRequest(received.slice(0, end))?.command, ok: reply.ok },
          'operator command',
        );
        socket.end(`${JSON.stringify(reply)}\n`);
      });
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => done());
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        rmSync(path, { force: true });
      }),
  };
}

/**
 * Sends one command to the server that has the data directory open. Answers undefined when no server
 * listens there (the holder is another cli, or an older server).
 */
export function sendToRunningServer(
  dataDir: string,
  command: string,
  args: string[],
): Promise<OperatorAnswer | undefined> {
  return new Promise((done) => {
    const socket = createConnection(operatorSocketPath(dataDir));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command, args })}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => {
      try {
        done(JSON.parse(received) as OperatorAnswer);
      } catch {
        done(undefined);
      }
    });
    socket.on('error', () => done(undefined));
  });
}
