import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PRERENDERED_PAGE_SCRIPT } from '@erti/contracts/constants';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findBillCustomer } from '../e2e/support/bill-customers.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/browser.ts';
import { billersOf } from '../e2e/support/catalogue.ts';
import { findFetchBiller } from '../e2e/support/fetch-biller.ts';
import { type RunningSystem, startSystem } from '../e2e/support/servers.ts';
import { registerThroughApi, storedSessionOf } from '../e2e/support/session.ts';
import { machineLine, markdownTable, writeReport } from './support/report.ts';
import { type LiveRun, liveOnSlowPhone, SLOW_PHONE, type StoredSession } from './support/throttled.ts';

/**
 * `npm run bench:web`: Lighthouse (mobile, simulated slow 4G and 4x CPU) on the home page, the
 * services list and a biller page of the built site served by the api; on a slow phone (SLOW_PHONE,
 * set through the DevTools protocol) the time from first paint to live on those pages and on a
 * signed-in customer's service page with Recent Bills; the JavaScript the home page loads before it
 * is live and the size of every route's chunk, all gzip. Today's build (the web app at the base
 * commit, `BENCH_BASE_REF`, else where this branch left main) is built and served beside this one, the
 * same way, and the two are audited in turns, so the machine's load falls on both alike.
 * Targets (issues 9 and 27): performance 100 on `/` and `/services` and >= 98 on the biller page,
 * LCP <= 1.2 s and FCP <= 1.0 s on `/` and `/services`, CLS < 0.05; issue 37: live within 2 s of the
 * first paint on the slow phone, the JavaScript `/` loads before it is live <= 110 KB gzip.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const TARGETS = { cls: 0.05, homeJsKb: 110, lcpMs: 1200, fcpMs: 1000, paintToLiveMs: 2000 };
/** Performance score targets by page; LCP and FCP targets hold on the pages listed here with 100. */
const PERFORMANCE_TARGETS: Record<string, number> = { '/': 100, '/services': 100, 'biller page': 98 };
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

/**
 * Gives a build's prerendered pages this checkout's head script: the api allows the one inline script
 * of its own contracts, by its hash, and today's would be refused (decision 121 changed it). Today's
 * pages then start their JavaScript as this build's do; the rest of the build is today's.
 * Whether it had to.
 */
function withThisHeadScript(webDist: string): boolean {
  const pages = readdirSync(join(webDist, 'prerendered'), { recursive: true, encoding: 'utf8' });
  let changed = false;
  for (const page of pages.filter((name) => name.endsWith('.html'))) {
    const file = join(webDist, 'prerendered', page);
    const html = readFileSync(file, 'utf8');
    const headScript = html.replace(
      /<script>[^<]*<\/script>/,
      () => `<script>${PRERENDERED_PAGE_SCRIPT}</script>`,
    );
    if (headScript !== html) writeFileSync(file, headScript);
    changed ||= headScript !== html;
  }
  return changed;
}

/** Builds the web app of `source` (a checkout with this repository's layout) into `webDist`. */
function buildWeb(source: string, webDist: string): Manifest {
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      webDist,
      '--emptyOutDir',
      '--manifest',
    ],
    // The build users get (npm run build), whatever NODE_ENV the bench was started with.
    { cwd: join(source, 'apps/web'), stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8'));
}

/**
 * The web app, the packages and the base tsconfig at `ref`, unpacked into a temporary directory whose node_modules are this
 * checkout's, except the workspace's own packages, which are the unpacked ones.
 */
function checkoutOf(ref: string): string {
  const source = mkdtempSync(join(tmpdir(), 'erti-bench-base-'));
  execFileSync(
    'sh',
    ['-c', `git archive ${ref} apps/web packages tsconfig.base.json | tar -x -C ${source}`],
    { cwd: root },
  );
  mkdirSync(join(source, 'node_modules/@erti'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules')))
    if (name !== '@erti') symlinkSync(join(root, 'node_modules', name), join(source, 'node_modules', name));
  for (const name of readdirSync(join(source, 'packages')))
    symlinkSync(join(source, 'packages', name), join(source, 'node_modules/@erti', name));
  return source;
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * Each figure's median over the runs (the machine is shared; one run can be unlucky). A run Lighthouse
 * could not measure (no paint seen in time, on a machine that busy) is left out.
 */
function medianOf(measured: PageResult[]): PageResult {
  const runs = measured.filter((run) => Number.isFinite(run.lcpMs) && Number.isFinite(run.fcpMs));
  if (runs.length === 0) throw new Error(`Lighthouse measured none of the runs of ${measured[0]?.url}`);
  const [first] = runs as [PageResult];
  return {
    ...first,
    performance: median(runs.map((run) => run.performance)),
    cls: median(runs.map((run) => run.cls)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
  };
}

/** Every chunk a chunk pulls in statically, itself included (manifest keys). */
function closureOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closureOf(manifest, imported, seen);
  return seen;
}

/**
 * The scripts the prerendered `/` names for its start (the entry and what it fetches beside it: its
 * screen's code and the catalogues it shows, decisions 093 and 120).
 */
function initialScripts(webDist: string): string[] {
  const html = readFileSync(join(webDist, 'prerendered/en/index.html'), 'utf8');
  const named = html.matchAll(/<link rel="erti-(?:entry|preload)" href="\/([^"]+\.js)">/g);
  return [...named].map((match) => match[1] as string);
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

interface SignedInCustomer {
  session: StoredSession;
  /** The account number of the bill Recent Bills shows first. */
  customerNumber: string;
}

/** A customer signed up through the api and the sandbox mailbox, with a fetched (so saved) electricity bill. */
async function signedInCustomer(system: RunningSystem): Promise<SignedInCustomer> {
  const user = await registerThroughApi(system.apiUrl, system.sandboxUrl);
  const biller = await findFetchBiller(system.apiUrl);
  const { customerNumber } = await findBillCustomer(system.apiUrl, user, biller, 'due later');
  return { session: storedSessionOf(user), customerNumber };
}

interface Build {
  name: string;
  source: string;
  webDist: string;
}

/** The 1-minute load average while the audits ran: the machine is shared with other work. */
function loadLine(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const fixed = (value: number | undefined) => (value ?? Number.NaN).toFixed(2);
  return `Machine load (1-minute load average on ${cpus().length} cores, sampled before each audit): median ${fixed(median(sorted))}, from ${fixed(sorted[0])} to ${fixed(sorted.at(-1))}.`;
}

async function main() {
  const baseRef =
    process.env.BENCH_BASE_REF ??
    execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: root }).toString().trim();
  const base = checkoutOf(baseRef);
  const builds: Build[] = [
    {
      name: `today (${baseRef.slice(0, 7)})`,
      source: base,
      webDist: mkdtempSync(join(tmpdir(), 'erti-bench-web-')),
    },
    { name: 'prerendered', source: root, webDist: mkdtempSync(join(tmpdir(), 'erti-bench-web-')) },
  ];
  const systems: RunningSystem[] = [];
  try {
    const manifests = builds.map((build) => buildWeb(build.source, build.webDist));
    const todayHeadScriptReplaced = withThisHeadScript(builds[0]?.webDist ?? '');
    for (const build of builds)
      systems.push(await startSystem({ WEB_DIST_DIR: build.webDist, LOG_LEVEL: 'error' }));
    const billers = await Promise.all(
      systems.map((system) => billersOf<{ billerName: string }>(system.apiUrl, 'Electricity')),
    );
    const pages = {
      '/': '/',
      '/services': '/services',
      'biller page': `/services/utilities/Electricity/${encodeURIComponent(billers[0]?.[0]?.billerName ?? '')}`,
      service: '/services/utilities/Electricity',
    };
    const lighthousePages = Object.fromEntries(Object.entries(pages).filter(([name]) => name !== 'service'));
    // Run by run, page by page, the two builds in turn: what the machine's load does falls on both.
    const runs = builds.map(() => Object.keys(lighthousePages).map((): PageResult[] => []));
    const loads: number[] = [];
    for (let run = 0; run < RUNS; run += 1)
      for (const [page, path] of Object.values(lighthousePages).entries())
        for (const [index, system] of systems.entries()) {
          loads.push(loadavg()[0] ?? Number.NaN);
          runs[index]?.[page]?.push(await audit(`${system.apiUrl}${path}`));
        }
    const results = runs.map((byPage) => byPage.map(medianOf));

    // The slow phone: the same pages and a signed-in customer's, run by run, the two builds in turn.
    const customers = await Promise.all(systems.map(signedInCustomer));
    const slowPages = { ...pages, 'signed in: Electricity with Recent Bills': pages.service };
    const slowRuns = builds.map(() => Object.keys(slowPages).map((): LiveRun[] => []));
    const slowLoads: number[] = [];
    for (let run = 0; run < RUNS; run += 1)
      for (const [page, [name, path]] of Object.entries(slowPages).entries())
        for (const [index, system] of systems.entries()) {
          const customer = customers[index] as SignedInCustomer;
          const signedIn = name.startsWith('signed in');
          slowLoads.push(loadavg()[0] ?? Number.NaN);
          slowRuns[index]?.[page]?.push(
            await liveOnSlowPhone(
              `${system.apiUrl}${path}`,
              signedIn ? { session: customer.session, waitText: customer.customerNumber } : {},
            ),
          );
        }

    const newBuild = builds[1] as Build;
    const newManifest = manifests[1] as Manifest;
    const [todayJs = 0, newJs = 0] = builds.map((build) =>
      initialScripts(build.webDist).reduce((sum, file) => sum + gzipBytes(build.webDist, file), 0),
    );
    const initial = initialScripts(newBuild.webDist);
    // What `/` had fetched whole when it went live, in the slow phone's runs (the most of any run).
    const beforeLive = builds.map((build, index) =>
      Math.max(
        ...(slowRuns[index]?.[0] ?? []).map((run) =>
          run.scriptsBeforeLive.reduce((sum, path) => sum + gzipBytes(build.webDist, path.slice(1)), 0),
        ),
      ),
    );
    const [todayBeforeLive = 0, newBeforeLive = 0] = beforeLive;
    const billerPageHtml = await fetch(`${systems[1]?.apiUrl}${pages['biller page']}`).then((answer) =>
      answer.text(),
    );
    const billerName = billers[1]?.[0]?.billerName ?? '';
    const billerPagePrerendered =
      /<div id="root"><[a-z]/.test(billerPageHtml) && billerPageHtml.includes(`>${billerName}</h2>`);
    const home = results[1]?.[0];
    const homeScripts = (home?.scripts ?? []).map((url) => new URL(url).pathname.slice(1));
    const homeJs = homeScripts.reduce((sum, file) => sum + gzipBytes(newBuild.webDist, file), 0);
    const later = homeScripts.filter((file) => !initial.includes(file));
    const listed = (files: string[]) =>
      files
        .map((file) => `${file.replace('assets/', '')} ${kb(gzipBytes(newBuild.webDist, file))}`)
        .join(', ');

    const rows = Object.keys(lighthousePages).flatMap((name, page) =>
      builds.map((build, index) => {
        const result = results[index]?.[page] as PageResult;
        const timed = PERFORMANCE_TARGETS[name] === 100;
        const target = (ok: boolean, applies = true) => (index === 0 || !applies ? '' : mark(ok));
        return [
          name,
          build.name,
          result.performance,
          result.cls.toFixed(3),
          Math.round(result.lcpMs),
          Math.round(result.tbtMs),
          Math.round(result.fcpMs),
          target(result.performance >= (PERFORMANCE_TARGETS[name] ?? 100)),
          target(result.lcpMs <= TARGETS.lcpMs, timed),
          target(result.fcpMs <= TARGETS.fcpMs, timed),
          target(result.cls < TARGETS.cls),
        ];
      }),
    );

    const report = [
      '# Page speed (`npm run bench:web`)',
      '',
      machineLine(),
      '',
      loadLine(loads),
      '',
      `Lighthouse 12.8.2, mobile (Moto G Power, simulated slow 4G, 4x CPU slowdown); each figure the median of ${RUNS} runs (of those Lighthouse could measure). The api serves each build, as \`npm start\` does; "today" is the web app at ${baseRef.slice(0, 7)} (\`BENCH_BASE_REF\`, else where this branch left main), built and served the same way in the same run, the two audited in turns.`,
      '',
      markdownTable(
        [
          'page',
          'build',
          'performance',
          'CLS',
          'LCP ms',
          'TBT ms',
          'FCP ms',
          'perf target (100; biller page 98)',
          `LCP <= ${TARGETS.lcpMs}`,
          `FCP <= ${TARGETS.fcpMs}`,
          `CLS < ${TARGETS.cls}`,
        ],
        rows,
      ),
      '',
      "Lighthouse's biggest opportunities on the prerendered build (estimated saving):",
      '',
      ...Object.keys(lighthousePages).map(
        (name, page) => `- ${name}: ${results[1]?.[page]?.opportunities.join('; ') || 'none over 100 ms'}`,
      ),
      '',
      `## On a slow phone (${SLOW_PHONE.latencyMs} ms round trips, ${SLOW_PHONE.kbitPerSecond} kbit/s down and up, ${SLOW_PHONE.cpuSlowdown}x CPU slowdown)`,
      '',
      `Set through the DevTools protocol in a fresh Chromium (empty cache, no service worker), mobile viewport; from the first paint to \`<html data-live>\` (main.tsx), on the page's clock; medians of ${RUNS} runs, the two builds in turns.${todayHeadScriptReplaced ? " Today's prerendered pages carry this build's head script (the api allows only its own inline script), so they start their JavaScript as early as this build's; the rest is today's." : ''} The signed-in customer (signed up through the api and the sandbox mailbox, a bill fetched so Recent Bills has a row) opens the Electricity service page, whose Recent Bills panel is the first screen with their data; "Recent Bills" is from the first paint until its row shows.`,
      '',
      loadLine(slowLoads),
      '',
      markdownTable(
        [
          'page',
          'build',
          'first paint ms',
          'scripts start after paint ms',
          'paint to live ms',
          'live ms',
          'Recent Bills ms',
          `live <= ${TARGETS.paintToLiveMs} ms after paint`,
        ],
        Object.keys(slowPages).flatMap((name, page) =>
          builds.map((build, index) => {
            const measured = slowRuns[index]?.[page] ?? [];
            const paintToLive = median(measured.map((run) => run.paintToLiveMs));
            const toText = measured.flatMap((run) =>
              run.paintToTextMs === undefined ? [] : [run.paintToTextMs],
            );
            return [
              name,
              build.name,
              Math.round(median(measured.map((run) => run.firstPaintMs))),
              Math.round(median(measured.map((run) => run.scriptsStartMs))),
              Math.round(paintToLive),
              Math.round(median(measured.map((run) => run.liveMs))),
              toText.length ? Math.round(median(toText)) : '',
              index === 0 ? '' : mark(paintToLive <= TARGETS.paintToLiveMs),
            ];
          }),
        ),
      ),
      '',
      `JavaScript \`/\` had fetched whole when it went live on the slow phone (the most of its ${RUNS} runs): **${kb(newBeforeLive)} KB gzip** (today's ${kb(todayBeforeLive)} KB; target <= ${TARGETS.homeJsKb} KB: ${mark(newBeforeLive / 1024 <= TARGETS.homeJsKb)}).`,
      '',
      `The biller page is served prerendered (its first HTML holds the drawn page with the biller's name, decision 097): ${mark(billerPagePrerendered)}.`,
      '',
      `JavaScript the prerendered \`/\` names for its start (the entry and what it fetches beside it: the home screen's code and the catalogues it shows): **${kb(newJs)} KB gzip** (${newJs.toLocaleString('en-US')} bytes; today's ${kb(todayJs)} KB, ${todayJs.toLocaleString('en-US')} bytes: no larger ${mark(newJs <= todayJs)}; target <= ${TARGETS.homeJsKb} KB: ${mark(newJs / 1024 <= TARGETS.homeJsKb)}) in ${initial.length} files: ${listed(initial)}.`,
      '',
      `Everything \`/\` loaded by the end of the Lighthouse run: ${kb(homeJs)} KB gzip in ${homeScripts.length} files; after the initial ones: ${listed(later) || 'nothing'}.`,
      '',
      '## Route chunks (gzip KB)',
      '',
      '"adds" is what opening the route downloads beyond what the entry already loaded (its chunk and the shared chunks only it and later routes use); "on demand" is what its code fetches by itself beyond that (all of it: some only in some cases, e.g. the plan picker for plan billers; the bill-entry form as the page opens, beside the biller\'s record).',
      '',
      markdownTable(
        ['route screen', 'own chunk', 'adds', 'on demand'],
        routeChunks(newManifest, newBuild.webDist),
      ),
      '',
    ].join('\n');
    writeReport('web', report);
  } finally {
    for (const system of systems) await system.stop();
    for (const build of builds) rmSync(build.webDist, { recursive: true, force: true });
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
