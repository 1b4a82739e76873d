import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../src/plugins/spa.ts';

const html = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const script = `console.info(${JSON.stringify('x'.repeat(4000))});`;
const serviceWorker = 'self.addEventListener("fetch", () => {});';
const manifest = JSON.stringify({ name: 'Erti Pay', start_url: '/', display: 'standalone' });
let dist: string;
const app = Fastify();

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'erti-spa-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dist, 'assets', 'app-1a2b.js'), script);
  writeFileSync(join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'sw.js'), serviceWorker);
  writeFileSync(join(dist, 'manifest.webmanifest'), manifest);
  await registerSpa(app, dist);
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves precompressed assets to clients that accept them, cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every app route with index.html (history fallback), never cached', async () => {
    const response = await app.inject({ url: '/services/recharge/Mobile%20Prepaid' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker as JavaScript that the browser revalidates, never cached as immutable', async () => {
    const response = await app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // A cached worker would keep a release's customers on it: the browser must ask each time (decision 081).
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    const again = await app.inject({
      url: '/sw.js',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the web app manifest with its own content type, revalidated', async () => {
    const response = await app.inject({ url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ name: 'Erti Pay', display: 'standalone' });
  });

  it('answers unknown api paths and non-GET requests with a JSON 404', async () => {
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('No route for GET /api/nothing-here');
    const post = await app.inject({ method: 'POST', url: '/services' });
    expect(post.statusCode).toBe(404);
  });
});
