import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { billersOf } from '../e2e/support/catalogue.ts';
import { startSystem } from '../e2e/support/servers.ts';
import { machineLine, markdownTable, writeReport } from './support/report.ts';

/**
 * `npm run bench:web`: Lighthouse (mobile, simulated slow 4G and 4x CPU) on the home page, the
 * services list and a biller page of the built site served by the api, plus the JavaScript the home
 * page loads and the size of every route's chunk, all gzip. Targets (issue 9): performance >= 95,
 * CLS < 0.05, JavaScript for `/` <= 120 KB gzip.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { performance: 95, cls: 0.05, homeJsKb: 120 };
const root = fileURLToPath(new URL('..', import.meta.url));

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface PageResult {
  url: string;
  performance: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  scripts: string[];
  /** Lighthouse's biggest opportunities, e.g. 'Enable text compression (1650 ms)'. */
  opportunities: string[];
}

/** KB are KiB (1,024 bytes) throughout. */
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** Level 9, as static files are compressed once at build or deploy time. */
const gzipBytes = (webDist: string, file: string) =>
  gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length;

function buildWeb(webDist: string): Manifest {
  execFileSync(
    'npm',
    ['run', 'build', '-w', '@erti/web', '--', '--outDir', webDist, '--emptyOutDir', '--manifest'],
    { cwd: root, stdio: 'ignore' },
  );
  return JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8'));
}

/** One Lighthouse run (mobile is Lighthouse's default) on a fresh Chromium. */
async function audit(url: string): Promise<PageResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { audits, categories } = result.lhr;
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const requests = (
      audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] }
    )?.items;
    return {
      url,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      cls: metric('cumulative-layout-shift'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      fcpMs: metric('first-contentful-paint'),
      scripts: (requests ?? []).filter((item) => item.resourceType === 'Script').map((item) => item.url),
      opportunities: Object.values(audits)
        .filter((each) => each.details?.type === 'opportunity' && (each.numericValue ?? 0) >= 100)
        .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
        .slice(0, 3)
        .map((each) => `${each.title} (${Math.round(each.numericValue ?? 0)} ms)`),
    };
  } finally {
    chrome.kill();
  }
}

/** The median run by performance score (the machine is shared; one run can be unlucky). */
async function medianAudit(url: string): Promise<PageResult> {
  const runs: PageResult[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)] as PageResult;
}

/** Every chunk a chunk pulls in statically, itself included (manifest keys). */
function closureOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closureOf(manifest, imported, seen);
  return seen;
}

/** The built files of the entry and of the home screen, with everything they import statically. */
function initialScripts(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  const chunks = new Set([...closureOf(manifest, entry), ...closureOf(manifest, 'src/app/routes/home.tsx')]);
  return [...chunks].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
}

/**
 * Per route screen: its own chunk, what opening it adds to what the entry already loaded, and the
 * chunks its code imports on demand (all of them, e.g. the bill-entry form and the plan picker).
 */
function routeChunks(manifest: Manifest, webDist: string): (string | number)[][] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? closureOf(manifest, entry) : new Set<string>();
  const jsBytes = (chunks: Iterable<string>, skip: Set<string>) =>
    [...chunks]
      .filter((chunk) => !skip.has(chunk) && manifest[chunk]?.file.endsWith('.js'))
      .reduce((sum, chunk) => sum + gzipBytes(webDist, manifest[chunk]?.file ?? ''), 0);
  return Object.keys(manifest)
    .filter((key) => key.startsWith('src/app/routes/'))
    .map((key) => {
      const own = gzipBytes(webDist, manifest[key]?.file ?? '');
      const opened = closureOf(manifest, key);
      const onDemand = new Set<string>();
      for (const chunk of opened)
        if (!loaded.has(chunk))
          for (const later of manifest[chunk]?.dynamicImports ?? []) closureOf(manifest, later, onDemand);
      const before = new Set([...loaded, ...opened]);
      return [
        key.replace('src/app/routes/', ''),
        kb(own),
        kb(jsBytes(opened, loaded)),
        kb(jsBytes(onDemand, before)),
      ];
    })
    .sort((a, b) => Number(b[2]) - Number(a[2]));
}

const mark = (ok: boolean) => (ok ? 'yes' : '**no**');

async function main() {
  const webDist = mkdtempSync(join(tmpdir(), 'erti-bench-web-'));
  const manifest = buildWeb(webDist);
  const system = await startSystem({ WEB_DIST_DIR: webDist, LOG_LEVEL: 'error' });
  try {
    const [biller] = await billersOf<{ billerName: string }>(system.apiUrl, 'Electricity');
    const pages = {
      '/': '/',
      '/services': '/services',
      'biller page': `/services/utilities/Electricity/${encodeURIComponent(biller?.billerName ?? '')}`,
    };
    const results: [string, PageResult][] = [];
    for (const [name, path] of Object.entries(pages))
      results.push([name, await medianAudit(`${system.apiUrl}${path}`)]);

    const home = results[0]?.[1];
    const homeScripts = (home?.scripts ?? []).map((url) => new URL(url).pathname.slice(1));
    const homeJs = homeScripts.reduce((sum, file) => sum + gzipBytes(webDist, file), 0);
    const initial = initialScripts(manifest);
    const initialJs = initial.reduce((sum, file) => sum + gzipBytes(webDist, file), 0);
    const later = homeScripts.filter((file) => !initial.includes(file));
    const listed = (files: string[]) =>
      files.map((file) => `${file.replace('assets/', '')} ${kb(gzipBytes(webDist, file))}`).join(', ');

    const report = [
      '# Page speed (`npm run bench:web`)',
      '',
      machineLine(),
      '',
      `Lighthouse 12.8.2, mobile (Moto G Power, simulated slow 4G, 4x CPU slowdown); median of ${RUNS} runs by performance score. The api serves the built site, as \`npm start\` does.`,
      '',
      markdownTable(
        [
          'page',
          'performance',
          'CLS',
          'LCP ms',
          'TBT ms',
          'FCP ms',
          `perf >= ${TARGETS.performance}`,
          `CLS < ${TARGETS.cls}`,
        ],
        results.map(([name, result]) => [
          name,
          result.performance,
          result.cls.toFixed(3),
          Math.round(result.lcpMs),
          Math.round(result.tbtMs),
          Math.round(result.fcpMs),
          mark(result.performance >= TARGETS.performance),
          mark(result.cls < TARGETS.cls),
        ]),
      ),
      '',
      "Lighthouse's biggest opportunities (estimated saving):",
      '',
      ...results.map(
        ([name, result]) => `- ${name}: ${result.opportunities.join('; ') || 'none over 100 ms'}`,
      ),
      '',
      `Initial JavaScript for \`/\` (the entry and the home screen with everything they import): **${kb(initialJs)} KB gzip** (${initialJs.toLocaleString('en-US')} bytes) in ${initial.length} files (target <= ${TARGETS.homeJsKb} KB: ${mark(initialJs / 1024 <= TARGETS.homeJsKb)}): ${listed(initial)}.`,
      '',
      `Everything \`/\` loaded by the end of the Lighthouse run: ${kb(homeJs)} KB gzip in ${homeScripts.length} files; after the initial ones: ${listed(later) || 'nothing'}.`,
      '',
      '## Route chunks (gzip KB)',
      '',
      '"adds" is what opening the route downloads beyond what the entry already loaded (its chunk and the shared chunks only it and later routes use); "on demand" is what its code fetches by itself beyond that (all of it: some only in some cases, e.g. the plan picker for plan billers; the bill-entry form as the page opens, beside the biller\'s record).',
      '',
      markdownTable(['route screen', 'own chunk', 'adds', 'on demand'], routeChunks(manifest, webDist)),
      '',
    ].join('\n');
    writeReport('web', report);
  } finally {
    await system.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
}

await main();
