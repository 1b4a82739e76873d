import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { languageFonts } from './build/language-fonts.ts';
import { PRERENDERED_DIR, prerender } from './build/prerender-plugin.ts';
import { SHELL_NAMESPACES } from './src/lib/i18n/namespaces.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/** Writes .br and .gz copies of the built files, which the api serves (@fastify/static `preCompressed`). */
function precompress(): Plugin {
  const compressTree = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) compressTree(path);
      else if (COMPRESSIBLE.test(name) && statSync(path).size >= 1024) {
        const source = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    }
  };
  return {
    name: 'erti-precompress',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) compressTree(options.dir);
    },
  };
}

/** The site's own catalogues; contracts' catalogue words (also in a `locales` folder) are plain text. */
const CATALOGUE = /\/web\/src\/locales\/[^/]+\/[^/]+\.json$/;

/**
 * Compiles the catalogues' ICU messages (`src/locales/<language>/<namespace>.json`) to their syntax
 * trees at build time, so the browser formats them without the ICU parser (decision 087). A message
 * that does not parse fails the build.
 */
function compiledCatalogues(): Plugin {
  return {
    name: 'erti-compiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      const catalogue: Record<string, string> = JSON.parse(code);
      const compiled = Object.fromEntries(
        Object.entries(catalogue).map(([key, message]) => [key, parse(message)]),
      );
      // Still JSON: Vite's own JSON plugin makes it a module.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * The chunk of a catalogue (decision 120): the shell's namespaces of a language (and the service
 * catalogue's words) together, `locale-hi`, fetched with the entry; every other namespace its own,
 * `locale-hi-bills`, fetched with the screens that read it.
 */
function catalogueChunkOf(id: string): string | null {
  const words = /\/contracts\/src\/locales\/([^/]+)\/catalogue-words\.json$/.exec(id);
  if (words) return `locale-${words[1]}`;
  const file = /\/web\/src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(id);
  if (!file) return null;
  const [, language, namespace = ''] = file;
  return SHELL_NAMESPACES.includes(namespace) ? `locale-${language}` : `locale-${language}-${namespace}`;
}

/** With every message compiled, react-intl needs only the parser's types (FormatJS's `no-parser`). */
const withoutIcuParser = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};

/**
 * The web app manifest and the service worker (decision 081): `src/sw.ts` built into `/sw.js` with this
 * release's app shell and hashed files listed for its precache, with the banners' small pictures
 * (`images/`, decision 113). The promotion video (`media/`) is left to the network: it is large.
 */
const installable = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  // Registered after the page has loaded, from features/offline (not a script in the first HTML).
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Erti Pay',
    short_name: 'Erti Pay',
    description:
      'Recharge mobile, DTH and FASTag and pay electricity, gas, water and other bills on Bharat Connect.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#1e3a8a',
    background_color: '#f9fafb',
    icons: [
      { src: '/icons/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The plugin adds the manifest and its icons itself.
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg}'],
    // The prerendered pages are the network's to give, in the customer's language (decision 092).
    // The banners' pictures (text-free SVGs of 1 to 2 KB each) are precached, so the home page offline
    // has its art (decision 113); the promotion video is not: large, and shown only when played.
    globIgnores: ['media/**', `${PRERENDERED_DIR}/**`],
  },
});

/**
 * React Router 7 exports only its development build, warnings included (remix-run/react-router#12532);
 * the production build it ships beside it is the same code without them.
 */
const reactRouterProduction = fileURLToPath(
  import.meta.resolve('react-router').replace('/dist/development/', '/dist/production/'),
);

export default defineConfig(({ command }) => ({
  plugins: [
    compiledCatalogues(),
    languageFonts(),
    react(),
    tailwindcss(),
    installable,
    prerender(),
    precompress(),
  ],
  resolve: {
    // react-intl and @formatjs/intl each nest their own copy of these (the root holds Lighthouse's older
    // intl-messageformat): one copy, the web app's, goes in the bundle.
    dedupe: ['intl-messageformat', '@formatjs/fast-memoize', '@formatjs/icu-messageformat-parser'],
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }, withoutIcuParser]
        : [],
  },
  server: {
    port: 5173,
    // The network's marks are served by the api from the operator's folder (decision 132).
    proxy: { '/api': 'http://localhost:3000', '/network-marks': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Every browser the site is used in preloads modules itself; the polyfill was 0.3 KB of the first
    // JavaScript, which the service worker's start now takes (decision 082).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The shell's messages in one request before the first render; each screen's beside its code.
        // Only the catalogues: the service catalogue the words are keyed by stays with the code that reads it.
        advancedChunks: {
          includeDependenciesRecursively: false,
          groups: [{ name: (id: string) => catalogueChunkOf(id) }],
        },
      },
    },
  },
}));
