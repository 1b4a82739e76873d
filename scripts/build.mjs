// The compiled release (decision 131): each server app bundled by esbuild into plain JavaScript in
// apps/<app>/dist, with source maps so that `node --enable-source-maps` names the .ts lines in a stack trace.
// `node scripts/build.mjs` builds; `--if-stale` builds only when a source the last build read has changed
// since (what `npm start` and the test suites' set-up run). The web app is built by Vite (`npm run build`).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What each server app's bundles start from: an output name and its source under apps/<app>/src. Every
 * module they import is found by esbuild; only these entries are named.
 */
const apps = {
  api: { server: 'server.ts', cli: 'cli.ts', 'migrate-cli': 'db/migrate-cli.ts' },
  sandbox: { server: 'server.ts' },
};

/** The build's record of what it read (esbuild's metafile): its inputs, checked by `isStale`. */
const metaPath = (app) => join(root, 'apps', app, 'dist', 'meta.json');

/**
 * Packages from npm stay outside the bundle, loaded from node_modules at run time as they are published;
 * only our own workspace packages (@erti/*), which are TypeScript source, are bundled in.
 */
const dependenciesOutside = {
  name: 'dependencies-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@erti/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` in a bundle is the bundle's own address, but our modules use it to find the files
 * beside their source: the migrations, the locales, the embedded database's worker, the web app's dist,
 * the sandbox's data. Each module's `import.meta.url` becomes its source file's address, worked out from
 * the bundle's at run time, so those files are read where they are kept and the checkout can move.
 */
function sourceAddresses(outdir) {
  return {
    name: 'source-addresses',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const fromBundle = relative(outdir, args.path).split('\\').join('/');
        return {
          contents: text.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

/** Bundles one app; answers the build's time in milliseconds. */
export async function buildApp(app) {
  const { build } = await import('esbuild');
  const started = performance.now();
  const src = join(root, 'apps', app, 'src');
  const outdir = join(root, 'apps', app, 'dist');
  const entryPoints = Object.fromEntries(
    Object.entries(apps[app]).map(([name, source]) => [name, join(src, source)]),
  );
  const result = await build({
    entryPoints,
    outdir,
    // The metafile's inputs are then paths from the repository's root, whatever the current directory.
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Linked maps without the sources' text: the .ts files are beside the bundle in the checkout.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [dependenciesOutside, sourceAddresses(outdir)],
    write: false,
  });
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) replaceFile(file.path, file.contents);
  // Last: a build cut short leaves the metafile older than its sources, so the next start builds again.
  replaceFile(metaPath(app), JSON.stringify(result.metafile));
  return Math.round(performance.now() - started);
}

/**
 * Writes beside `path`, then renames over it: a server starting while another test run builds reads
 * the old file or the new one, never half of one.
 */
function replaceFile(path, contents) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** True when `app` has no build, or a file its last build read has changed (or gone) since. */
export function isStale(app) {
  const meta = metaPath(app);
  if (!existsSync(meta)) return true;
  const builtAt = statSync(meta).mtimeMs;
  const { inputs } = JSON.parse(readFileSync(meta, 'utf8'));
  return Object.keys(inputs).some((input) => {
    const path = join(root, input);
    return !existsSync(path) || statSync(path).mtimeMs > builtAt;
  });
}

/** Builds every server app (all of them, or only those whose build is missing or stale). */
export async function buildServers({ ifStale = false } = {}) {
  for (const app of Object.keys(apps)) {
    if (ifStale && !isStale(app)) continue;
    const ms = await buildApp(app);
    // On stderr: the cli's answer, on stdout, stays the only thing there.
    console.error(`Built apps/${app}/dist in ${ms} ms`);
  }
}

/** The arguments for `node` that run an app's built entry (`server` by default), stack traces mapped. */
export function builtEntry(app, entry = 'server') {
  return ['--enable-source-maps', join(root, 'apps', app, 'dist', `${entry}.js`)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServers({ ifStale: process.argv.includes('--if-stale') });
}
