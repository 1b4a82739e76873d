import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

/** One line naming the machine, the date and the runtimes, for every results file. */
export function machineLine(): string {
  const [cpu] = cpus();
  const memoryGb = Math.round(totalmem() / 1024 ** 3);
  const chromium = (() => {
    try {
      return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString()
        .trim();
    } catch {
      return 'no Chromium';
    }
  })();
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpus().length} × ${cpu?.model ?? 'CPU'} · ${memoryGb} GB · Node ${process.version} · ${chromium}`;
}

/** Writes a markdown report to bench/results/<name>.md (generated: the linter leaves it alone) and prints it. */
export function writeReport(name: string, markdown: string): void {
  const file = `${resultsDir}${name}.md`;
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(file, markdown);
  console.info(markdown);
  console.info(`Written to bench/results/${name}.md`);
}

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
