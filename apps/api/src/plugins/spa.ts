import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SiteConfig } from '@erti/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codingFor } from '../modules/catalogue/index.ts';
import { loadPrerenderedPages, withBillerName, withSiteConfig } from '../modules/site/index.ts';

/** Files named by their content's hash never change: kept for a year without asking again. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';

/**
 * A page is read with GET, or with HEAD for its headers alone (an uptime monitor's, a link checker's):
 * the same answer, whose body Node leaves out for a HEAD (decision 109).
 */
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** A page's HTML in the coding the client accepts. */
function encoded(html: string, coding: 'br' | 'gzip', brotliQuality: number): Buffer {
  return coding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
    : gzipSync(html);
}

/** A prerendered page with the site configuration written in, its ETag and its compressed copies. */
interface FilledPage {
  html: string;
  etag: string;
  encodings: Map<string, Buffer>;
}

/**
 * The prerendered pages of a release with this deployment's site configuration written in (decision
 * 119): each read from disk and filled once, on its first use, and compressed once per coding, at
 * brotli's best as the build's own copies were. A failed read is not kept: the next request tries again.
 */
function filledPages(distDir: string, site: SiteConfig) {
  const pages = new Map<string, Promise<FilledPage>>();
  return (file: string): Promise<FilledPage> => {
    let page = pages.get(file);
    if (!page) {
      page = readFile(join(distDir, file), 'utf8').then((template) => {
        const html = withSiteConfig(template, site);
        const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
        return { html, etag, encodings: new Map() };
      });
      page.catch(() => pages.delete(file));
      pages.set(file, page);
    }
    return page;
  };
}

/** A prerendered page, revalidated by its ETag, compressed as the client accepts. */
function sendFilledPage(request: FastifyRequest, reply: FastifyReply, page: FilledPage): FastifyReply {
  reply.header('content-type', 'text/html; charset=utf-8').header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const coding = codingFor(request.headers['accept-encoding'] ?? '');
  if (!coding) return reply.send(page.html);
  let body = page.encodings.get(coding);
  if (!body) {
    body = encoded(page.html, coding, constants.BROTLI_MAX_QUALITY);
    page.encodings.set(coding, body);
  }
  return reply.header('content-encoding', coding).send(body);
}

/**
 * A bill-entry page with the biller's name written in (decision 097), compressed for this answer:
 * brotli at quality 5 makes its 23 KB 5.8 KB in a few milliseconds; quality 11 would save 0.5 KB for
 * 50 times the CPU.
 */
function sendBillEntryPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: FilledPage,
  billerName: string,
): FastifyReply {
  const html = withBillerName(page.html, billerName);
  const coding = codingFor(request.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'text/html; charset=utf-8');
  if (!coding) return reply.send(html);
  return reply.header('content-encoding', coding).send(encoded(html, coding, 5));
}

/**
 * Serves the built web app at `/` with a history fallback: any GET (or HEAD) that is not an api call and
 * not a file answers index.html, so every route of the spec deep-links. Unknown `/api/*` calls
 * answer a JSON 404. Every file outside `assets/` (index.html, the service worker, the web app
 * manifest, icons) is revalidated on each use (`no-cache`, with its ETag), so a release reaches every
 * customer (decision 081). The public pages prerendered by the web build are answered in the
 * customer's language (decisions 092, 093), varying by the headers that choose it, and so are the
 * bill-entry pages of their services, with the address's biller name written in (decision 097); each
 * with `site`, this deployment's site configuration, written in (decision 119).
 */
export async function registerSpa(app: FastifyInstance, distDir: string, site: SiteConfig): Promise<void> {
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
  const filledPage = filledPages(distDir, site);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api') || !isRead(request.method) || !hasBuild) {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${path}` });
    }
    // No HTML is kept without asking: it names the hashed assets of the current release.
    reply.header('cache-control', 'no-cache');
    const page = prerendered.pageFor(request.url, request.headers);
    const billEntryPage = page ? undefined : prerendered.billEntryPageFor(request.url, request.headers);
    const served = page ?? billEntryPage;
    if (!served) return reply.sendFile('index.html', { cacheControl: false });
    reply
      .header('vary', 'Accept-Encoding, Cookie, Accept-Language')
      .header('content-language', served.language);
    return filledPage(served.file).then((filled) =>
      billEntryPage
        ? sendBillEntryPage(request, reply, filled, billEntryPage.billerName)
        : sendFilledPage(request, reply, filled),
    );
  });
}
