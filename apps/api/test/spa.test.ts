import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../src/plugins/spa.ts';

const html = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const script = `console.info(${JSON.stringify('x'.repeat(4000))});`;
let dist: string;
const app = Fastify();

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'erti-spa-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dist, 'assets', 'app-1a2b.js'), script);
  writeFileSync(join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
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
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers every app route with index.html (history fallback), never cached', async () => {
    const response = await app.inject({ url: '/services/recharge/Mobile%20Prepaid' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown api paths and non-GET requests with a JSON 404', async () => {
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('No route for GET /api/nothing-here');
    const post = await app.inject({ method: 'POST', url: '/services' });
    expect(post.statusCode).toBe(404);
  });
});
