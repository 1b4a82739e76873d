import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { loadPrerenderedPages } from '../modules/site/prerendered-pages.ts';

/** Files named by their content's hash never change: kept for a year without asking again. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app at `/` with a history fallback: any GET that is not an api call and
 * not a file answers index.html, so every route of the spec deep-links. Unknown `/api/*` calls
 * answer a JSON 404. Every file outside `assets/` (index.html, the service worker, the web app
 * manifest, icons) is revalidated on each use (`no-cache`, with its ETag), so a release reaches every
 * customer (decision 081). The public pages prerendered by the web build are answered in the
 * customer's language (decisions 092, 093), varying by the headers that choose it.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hashedAssets = join(distDir, 'assets/');
  const hasBuild = existsSync(join(distDir, 'index.html'));
  const prerendered = loadPrerenderedPages(distDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of every asset; serve those to clients that accept them.
      preCompressed: true,
      // @fastify/static 9 writes its own Cache-Control after `setHeaders`, over ours (files outside
      // assets/, the service worker among them, went out immutable for a year): it writes none.
      cacheControl: false,
      setHeaders: (res, path) =>
        res.setHeader('cache-control', path.startsWith(hashedAssets) ? HASHED_ASSET : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api') || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${path}` });
    }
    // No HTML is kept without asking: it names the hashed assets of the current release.
    reply.header('cache-control', 'no-cache');
    const page = prerendered.pageFor(request.url, request.headers);
    if (!page) return reply.sendFile('index.html', { cacheControl: false });
    return reply
      .header('vary', 'Accept-Encoding, Cookie, Accept-Language')
      .header('content-language', page.language)
      .sendFile(page.file, { cacheControl: false });
  });
}
