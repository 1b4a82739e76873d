import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { SiteConfig } from '@erti/contracts';
import {
  BILLER_NAME_SLOT,
  SITE_CONFIG_ELEMENT_ID,
  SITE_CONFIG_SLOTS,
  SITE_FACTS,
} from '@erti/contracts/constants';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../src/plugins/spa.ts';

const html = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const script = `console.info(${JSON.stringify('x'.repeat(4000))});`;
const serviceWorker = 'self.addEventListener("fetch", () => {});';
const manifest = JSON.stringify({ name: 'Erti Pay', start_url: '/', display: 'standalone' });
/** A service's bill-entry page as the build writes it (decision 097): the slot as name and letter. */
const billEntryPageIn = (language: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root"><span>${BILLER_NAME_SLOT.charAt(0)}</span><h2>${BILLER_NAME_SLOT}</h2>${siteSlots}${' '.repeat(2000)}</div></body></html>`;
/** What a prerendered page leaves for the api to write in (decision 119): the site configuration. */
const siteSlots = `<a href="mailto:${SITE_CONFIG_SLOTS.supportEmail}">${SITE_CONFIG_SLOTS.supportEmail}</a><script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${SITE_CONFIG_SLOTS.json}</script>`;
const pageIn = (language: string, heading: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root"><h1>${heading}</h1>${siteSlots}</div></body></html>`;
/** A deployment's configuration with texts that must be escaped where they are written in. */
const site: SiteConfig = {
  ...SITE_FACTS,
  supportEmail: 'care&help@ertipay.in',
  logoBaseUrl: 'https://logos.example/</script><script>alert(1)</script>',
  testPayments: false,
};
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
  // The web build's prerendered pages (decision 092): one folder per language and the list of paths.
  for (const language of ['en', 'hi', 'ta']) {
    mkdirSync(join(dist, 'prerendered', language, 'services/finance-&-tax'), { recursive: true });
    writeFileSync(join(dist, 'prerendered', language, 'index.html'), pageIn(language, 'Home'));
    writeFileSync(join(dist, 'prerendered', language, 'about.html'), pageIn(language, 'About Us'));
    writeFileSync(
      join(dist, 'prerendered', language, 'services/finance-&-tax/Credit Card.html'),
      pageIn(language, 'Pay your Credit Card Bill'),
    );
    mkdirSync(join(dist, 'prerendered', language, 'services/finance-&-tax/Credit Card'));
    writeFileSync(
      join(dist, 'prerendered', language, 'services/finance-&-tax/Credit Card/_bill-entry.html'),
      billEntryPageIn(language),
    );
  }
  writeFileSync(
    join(dist, 'prerendered/pages.json'),
    JSON.stringify({
      paths: ['/', '/about', '/services/finance-&-tax/Credit Card'],
      billEntryServices: ['/services/finance-&-tax/Credit Card'],
    }),
  );
  await registerSpa(app, dist, site);
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

describe('serving the prerendered public pages', () => {
  const languageOf = (body: string) => /<html lang="([a-z]+)">/.exec(body)?.[1];

  it("answers the page in the language of the customer's cookie, over the browser's preference", async () => {
    const response = await app.inject({
      url: '/about',
      headers: { cookie: 'theme=dark; erti_lang=ta', 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(languageOf(response.body)).toBe('ta');
    expect(response.body).toContain('<h1>About Us</h1>');
    expect(response.headers['content-language']).toBe('ta');
  });

  it('answers a first visit (no cookie, or one naming no language of ours) in the language Accept-Language asks for', async () => {
    const first = await app.inject({ url: '/about', headers: { 'accept-language': 'fr;q=0.9, hi-IN' } });
    expect(languageOf(first.body)).toBe('hi');
    const unknownCookie = await app.inject({
      url: '/about',
      headers: { cookie: 'erti_lang=fr', 'accept-language': 'ta' },
    });
    expect(languageOf(unknownCookie.body)).toBe('ta');
    const nothing = await app.inject({ url: '/' });
    expect(languageOf(nothing.body)).toBe('en');
    expect(nothing.body).toContain('<h1>Home</h1>');
  });

  it('varies by the headers that choose the language, revalidated with an ETag, never cached as immutable', async () => {
    const response = await app.inject({ url: '/about', headers: { cookie: 'erti_lang=hi' } });
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toBeTruthy();
    const again = await app.inject({
      url: '/about',
      headers: { cookie: 'erti_lang=hi', 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("writes this deployment's site configuration in: its texts escaped where shown, the whole as JSON that nothing in it ends", async () => {
    const response = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    const body = brotliDecompressSync(response.rawPayload).toString();
    expect(body).toContain('<a href="mailto:care&amp;help@ertipay.in">care&amp;help@ertipay.in</a>');
    const json = new RegExp(
      `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">(.*?)</script>`,
    ).exec(body)?.[1];
    expect(JSON.parse(json ?? '')).toEqual(site);
    expect(body).not.toMatch(/[\uE002\uE003]/);
    const billEntry = await app.inject({ url: '/services/finance-%26-tax/Credit%20Card/Axis' });
    expect(billEntry.body).toContain('<h2>Axis</h2><a href="mailto:care&amp;help@ertipay.in">');
    expect(billEntry.body).not.toMatch(/[\uE000-\uE003]/);
  });

  it('finds a service page by its address as the browser writes it', async () => {
    const response = await app.inject({
      url: '/services/finance-%26-tax/Credit%20Card?from=menu',
      headers: { 'accept-language': 'en-IN' },
    });
    expect(response.body).toContain('<h1>Pay your Credit Card Bill</h1>');
    expect(languageOf(response.body)).toBe('en');
  });

  it("answers a biller's bill-entry page of a prerendered service with its name written in as text", async () => {
    const response = await app.inject({
      url: `/services/finance-%26-tax/Credit%20Card/${encodeURIComponent('axis <bank> & "co"')}?x=1`,
      headers: { cookie: 'erti_lang=hi', 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-language']).toBe('hi');
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = brotliDecompressSync(response.rawPayload).toString();
    expect(languageOf(body)).toBe('hi');
    expect(body).toContain('<span>A</span><h2>axis &lt;bank&gt; &amp; &quot;co&quot;</h2>');
    expect(body).not.toContain(BILLER_NAME_SLOT.charAt(0));
  });

  it('answers a bill-entry address of no prerendered service, or a name with / or %, with the app shell', async () => {
    for (const url of [
      '/services/finance-%26-tax/Loan/Axis',
      '/services/finance-%26-tax/Credit%20Card/Axis%2FBank',
      '/services/finance-%26-tax/Credit%20Card/100%25%20Bank',
      '/services/finance-%26-tax/Credit%20Card/Axis/more',
      `/services/finance-%26-tax/Credit%20Card/${encodeURIComponent(BILLER_NAME_SLOT)}`,
    ]) {
      const response = await app.inject({ url });
      expect(response.body, url).toBe(html);
    }
  });

  it('answers any other address, one reaching outside the pages among them, with the app shell', async () => {
    for (const url of ['/login', '/..%2Fpages.json', '/prerendered/en/about']) {
      const response = await app.inject({ url, headers: { cookie: 'erti_lang=hi' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(html);
      expect(response.headers['content-language'], url).toBeUndefined();
    }
    // A malformed escape is the client's mistake (Fastify refuses it), never a 500.
    expect((await app.inject({ url: '/services/recharge/%E0%A4%A' })).statusCode).toBe(400);
  });
});
