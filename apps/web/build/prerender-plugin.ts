import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { build, type Plugin, type Rollup } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
/**
 * Inside node_modules so the server build's imports of react and the rest resolve from there; one per
 * build process, so builds run side by side (e2e runs, the bench's builds) never overwrite each other's.
 */
const serverBuildDir = join(webRoot, `node_modules/.erti-prerender-${process.pid}`);

/** The prerendered pages' folder in the build: one folder per language, kept out of the precache. */
export const PRERENDERED_DIR = 'prerendered';

type PrerenderModule = typeof import('../src/app/prerender.tsx');

/** The file of a page: `/` is `index.html`, `/services/recharge/DTH` is `services/recharge/DTH.html`. */
const pageFile = (pathname: string) => `${pathname === '/' ? '/index' : decodeURIComponent(pathname)}.html`;

/**
 * The file of a service's bill-entry page (decision 097): `/services/recharge/DTH` →
 * `services/recharge/DTH/_bill-entry.html`, as the api reads it.
 */
const billEntryFile = (service: string) => `${decodeURIComponent(service)}/_bill-entry.html`;

/**
 * The api writes the biller's name for the slot as text; a slot that reached an address or an
 * attribute URL-encoded would stay there, so the build refuses such a page.
 */
function checkedBillEntryPage(html: string, path: string, slot: string): string {
  if (!html.includes(slot) || html.includes(encodeURIComponent(slot)))
    throw new Error(`The bill-entry page ${path} must have the biller's name as text only`);
  return html;
}

/** A chunk and every chunk it imports, by file name. */
function withImports(bundle: Rollup.OutputBundle, fileName: string, files = new Set<string>()): Set<string> {
  if (files.has(fileName)) return files;
  files.add(fileName);
  const output = bundle[fileName];
  if (output?.type === 'chunk') for (const imported of output.imports) withImports(bundle, imported, files);
  return files;
}

/**
 * The chunk that holds the module `source` (`src/app/routes/services.tsx`; a language's catalogues share
 * a chunk named for it), and every chunk it imports.
 */
function chunksOf(bundle: Rollup.OutputBundle, source: string): string[] {
  const chunk = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(`/${source}`)),
  );
  if (!chunk) throw new Error(`No chunk of ${source} in the build`);
  return [...withImports(bundle, chunk.fileName)];
}

/**
 * The code a prerendered page asks for as its entry starts (main.tsx): its screen's chunks, the data
 * layer's unless the screen goes without (decision 096), and the catalogues of its language that the
 * shell and the screen read (decision 120), all but what the entry's own links list. Named in the
 * page, they are fetched beside the entry after the first paint rather than once it has run; Vite's
 * preloading then finds them there.
 */
function pageCode(
  bundle: Rollup.OutputBundle,
  screen: { file: string; withData: boolean; namespaces: string[] } | undefined,
  language: string,
  shellNamespaces: string[],
  entryFiles: Set<string>,
): string {
  const catalogue = (namespace: string) =>
    namespace === 'catalogue'
      ? `contracts/src/locales/${language}/catalogue-words.json`
      : `src/locales/${language}/${namespace}.json`;
  const sources = [...shellNamespaces, ...(screen?.namespaces ?? [])].map(catalogue);
  if (screen) sources.push(screen.file, ...(screen.withData ? ['src/lib/data.tsx'] : []));
  const files = new Set(sources.flatMap((source) => chunksOf(bundle, source)));
  return [...files]
    .filter((file) => !entryFiles.has(file))
    .map((file) => `<link rel="erti-preload" href="/${file}">`)
    .join('');
}

/** The page with its screen's code named after the entry's link, for the head script to fetch. */
const withPageCode = (html: string, links: string) =>
  html.replace(/(<link rel="erti-entry" href="[^"]+">)/, `$1${links}`);

async function loadRenderer(): Promise<PrerenderModule> {
  rmSync(serverBuildDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [react()],
    build: { ssr: 'src/app/prerender.tsx', outDir: serverBuildDir, emptyOutDir: true, target: 'node20' },
  });
  return import(pathToFileURL(join(serverBuildDir, 'prerender.js')).href);
}

/**
 * After the browser build is written: renders each public page once per language into
 * `prerendered/<language>/` (decision 092), inlines the CSS its first paint needs and moves the full
 * stylesheet to the end of the body, where it no longer holds back the first paint (decision 093).
 * The api picks the page by the customer's language; `index.html` stays the empty app shell that the
 * other routes and the service worker's offline fallback use. `pages.json` lists the pages rendered.
 */
export function prerender(): Plugin {
  return {
    name: 'erti-prerender',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    writeBundle: {
      // Before the .br and .gz copies are made, which then cover the pages too.
      order: 'pre',
      sequential: true,
      async handler(options, bundle) {
        const outDir = options.dir as string;
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const renderer = await loadRenderer();
        const {
          BILL_ENTRY_TEMPLATES,
          BILLER_NAME_SLOT,
          LANGUAGES,
          PRERENDERED_PATHS,
          renderPage,
          screenSourceAt,
          SHELL_NAMESPACES,
        } = renderer;
        // 'body': a stylesheet link at the end of the body blocks no paint, and needs no inline script
        // (the page's Content-Security-Policy allows none).
        const beasties = new Beasties({ path: outDir, publicPath: '/', preload: 'body', logLevel: 'warn' });
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
        if (!entry) throw new Error('No entry chunk in the build');
        const entryFiles = withImports(bundle, entry.fileName);
        const page = async (path: string, language: (typeof LANGUAGES)[number]) =>
          withPageCode(
            await beasties.process(await renderPage(path, language, template)),
            pageCode(bundle, screenSourceAt(path), language, SHELL_NAMESPACES, entryFiles),
          );
        for (const language of LANGUAGES) {
          for (const pathname of PRERENDERED_PATHS) {
            const html = await page(pathname, language);
            const file = join(outDir, PRERENDERED_DIR, language, pageFile(pathname));
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, html);
          }
          for (const { service, path } of BILL_ENTRY_TEMPLATES) {
            const html = await page(path, language);
            const file = join(outDir, PRERENDERED_DIR, language, billEntryFile(service));
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, checkedBillEntryPage(html, path, BILLER_NAME_SLOT));
          }
        }
        writeFileSync(
          join(outDir, PRERENDERED_DIR, 'pages.json'),
          JSON.stringify({
            languages: LANGUAGES,
            paths: PRERENDERED_PATHS.map((path) => decodeURIComponent(path)),
            billEntryServices: BILL_ENTRY_TEMPLATES.map(({ service }) => decodeURIComponent(service)),
          }),
        );
        rmSync(serverBuildDir, { recursive: true, force: true });
      },
    },
  };
}
