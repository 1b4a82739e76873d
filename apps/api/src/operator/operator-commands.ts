import type { Executor } from '../db/client.ts';
import { accountCommands } from '../modules/accounts/index.ts';

/** One command of `npm run cli`: its usage line, and what it does, answered in words for the operator. */
export interface OperatorCommand {
  usage: string;
  run: (executor: Executor, args: string[]) => Promise<string>;
}

/** Every command of `npm run cli`, by name. */
export const operatorCommands: Record<string, OperatorCommand> = { ...accountCommands };

export function usageText(): string {
  const lines = Object.values(operatorCommands).map((command) => `  ${command.usage}`);
  return `Usage: npm run cli -- <command>\n\nCommands:\n${lines.join('\n')}`;
}
