import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ALERT_RULES, scaleRuleDurations } from '../../scripts/prometheus.mjs';

/**
 * The alert rules (decision 130) through Prometheus' own checker: `promtool check rules` and the unit
 * tests of alerts.test.yml. promtool comes with Debian's prometheus package, which CI installs (.ci/run);
 * without it this fails, never skips.
 */
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const here = import.meta.dirname;
const run = promisify(execFile);

async function promtool(...args: string[]): Promise<string> {
  if (!existsSync(PROMTOOL))
    throw new Error(
      `${PROMTOOL} not found: install Debian's prometheus package (apt-get install prometheus)`,
    );
  try {
    const { stdout, stderr } = await run(PROMTOOL, args, { cwd: here });
    return stdout + stderr;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

const rules = readFileSync(ALERT_RULES, 'utf8');
const alertNames = [...rules.matchAll(/^\s*- alert: (\w+)$/gm)].map((match) => match[1]);

describe('alert rules', () => {
  it('are valid rules', async () => {
    expect(await promtool('check', 'rules', 'alerts.rules.yml')).toContain(
      `SUCCESS: ${alertNames.length} rules found`,
    );
  });

  it('pass their unit tests', async () => {
    expect(await promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });

  it('each have a test that fires them and one that does not', () => {
    const tests = readFileSync(join(here, 'alerts.test.yml'), 'utf8');
    // Each rule is named by an evaluation expecting no alert and by one expecting its alert.
    const quiet = (name: string) => new RegExp(`alertname: ${name}\\n\\s*exp_alerts: \\[\\]`).test(tests);
    const fires = (name: string) => new RegExp(`alertname: ${name}\\n\\s*exp_alerts:\\n`).test(tests);
    expect(alertNames.length).toBeGreaterThanOrEqual(10);
    expect(alertNames.filter((name) => !quiet(name) || !fires(name))).toEqual([]);
  });
});

describe('rules at a shorter time scale (the chaos run)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'erti-alerts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shortens every duration and range, never under a second', () => {
    const scaled = scaleRuleDurations(rules, 1 / 60);
    expect(scaled).toContain('for: 10s');
    expect(scaled).toContain('[5s]');
    expect(scaled).toContain('for: 1s');
    expect(scaled).not.toMatch(/for: \d+m|\[\d+m\]/);
    expect(scaleRuleDurations('for: 1m\nrate(x[1m])', 1 / 600)).toBe('for: 1s\nrate(x[1s])');
  });

  it('are still valid rules', async () => {
    writeFileSync(join(dir, 'scaled.rules.yml'), scaleRuleDurations(rules, 1 / 60));
    expect(await promtool('check', 'rules', join(dir, 'scaled.rules.yml'))).toContain('SUCCESS');
  });
});
