import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BILLER_NAME_SLOT } from '@erti/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, syncCatalogue } from '../support/bill-network.ts';
import { startTestEnv, type TestEnv } from '../support/test-env.ts';

/**
 * Issue 35 item 9 over real HTTP, on the whole api serving a web build laid out as the build writes it
 * (the app shell with its compressed copy, a hashed asset, prerendered pages in each language): HEAD
 * answers as GET without a body; every answer of a route that needs a bearer token is private and never
 * stored; public cached lists keep their caching; X-Frame-Options says what frame-ancestors says; the
 * bearer scheme is read in any case.
 */
const shell = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const script = `console.info(${JSON.stringify('x'.repeat(4000))});`;
const pageIn = (language: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root"><h1>About Us</h1></div></body></html>`;

let env: TestEnv;
let webDist: string;

function writeWebBuild(dist: string) {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), shell);
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(shell));
  writeFileSync(join(dist, 'assets', 'app-1a2b.js'), script);
  writeFileSync(join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
  for (const language of ['en', 'hi', 'ta']) {
    mkdirSync(join(dist, 'prerendered', language), { recursive: true });
    writeFileSync(join(dist, 'prerendered', language, 'index.html'), pageIn(language));
    writeFileSync(join(dist, 'prerendered', language, 'about.html'), pageIn(language));
    mkdirSync(join(dist, 'prerendered', language, 'services/utilities/Water'), { recursive: true });
    writeFileSync(
      join(dist, 'prerendered', language, 'services/utilities/Water/_bill-entry.html'),
      pageIn(language).replace('About Us', BILLER_NAME_SLOT),
    );
  }
  writeFileSync(
    join(dist, 'prerendered/pages.json'),
    JSON.stringify({ paths: ['/', '/about'], billEntryServices: ['/services/utilities/Water'] }),
  );
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'erti-http-hygiene-'));
  writeWebBuild(webDist);
  env = await startTestEnv({ WEB_DIST_DIR: webDist });
  await syncCatalogue(env);
}, 120_000);

afterAll(async () => {
  await env?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

/** One request on a socket of its own, and every byte the server sent back until it closed. */
function rawExchange(method: string, path: string, headers: Record<string, string> = {}): Promise<string> {
  const { hostname, port } = new URL(env.apiUrl);
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** The status code, the headers (less those that differ between any two answers) and the body. */
function parsed(raw: string) {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    headerLines
      .map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ])
      .filter(([name]) => !['date', 'x-request-id', 'transfer-encoding'].includes(name ?? '')),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(end + 4) };
}

describe('HEAD', () => {
  it.each([
    ['the home page', '/', 'text/html'],
    ['a prerendered page', '/about', 'text/html'],
    ['a deep link (the app shell)', '/services/recharge/Mobile%20Prepaid', 'text/html'],
    ["a biller's bill-entry page", '/services/utilities/Water/Delhi%20Jal%20Board', 'text/html'],
    ['a static file', '/assets/app-1a2b.js', 'javascript'],
  ])('on %s answers 200 with the GET answer’s headers and no body', async (_what, path, type) => {
    const asked: Record<string, string>[] = [{}, { 'Accept-Encoding': 'br, gzip', 'Accept-Language': 'hi' }];
    for (const headers of asked) {
      const get = parsed(await rawExchange('GET', path, headers));
      const head = parsed(await rawExchange('HEAD', path, headers));
      expect(get.status).toBe(200);
      expect(get.body.length).toBeGreaterThan(0);
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toContain(type);
      // A chunked GET has no length to give; a HEAD then need not give one either.
      if (!get.headers['content-length']) delete head.headers['content-length'];
      expect(head.headers).toEqual(get.headers);
      expect(head.body).toBe('');
    }
  });

  it('on an api read answers as its GET does, without the body', async () => {
    const head = parsed(await rawExchange('HEAD', '/api/health/live'));
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toContain('application/json');
    expect(head.body).toBe('');
  });
});

/** Each operation of the OpenAPI document whose security asks for a bearer token. */
function bearerOperations(): { method: string; path: string }[] {
  const document = env.app.swagger() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((requirement) => 'bearer' in requirement))
      .map(([method, _operation]) => ({ method: method.toUpperCase(), path })),
  );
}

describe('private answers', () => {
  it('finds the private routes in the api document: profile, orders, My Bills, AutoPay, complaints', () => {
    const paths = bearerOperations().map(({ path }) => path);
    expect(paths.length).toBeGreaterThan(20);
    for (const expected of [
      /^\/api\/users\/profile\//,
      /^\/api\/orders/,
      /^\/api\/my-bills/,
      /autopay/,
      /complaint/,
    ])
      expect(paths.some((path) => expected.test(path))).toBe(true);
  });

  it('every answer of a route that needs a bearer token is private, no-store', async () => {
    const notPrivate: string[] = [];
    for (const { method, path } of bearerOperations()) {
      // A fresh account for each: one route (deleting the account, logging out) cannot end the next one's session.
      const user = await signedInUser(env, { role: 'merchant' });
      const url = path.replace(/\{[^}]+\}/g, 'unknown_1');
      const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
      const response = await env.app.inject({
        method: method as 'GET',
        url,
        headers: user.headers,
        ...(withBody && { payload: {} }),
      });
      const cacheControl = response.headers['cache-control'];
      if (cacheControl !== 'private, no-store')
        notPrivate.push(`${method} ${url}: ${response.statusCode} ${cacheControl ?? '(none)'}`);
    }
    expect(notPrivate).toEqual([]);
  }, 120_000);

  it('the signed-in answers of profile, orders and My Bills say so', async () => {
    const user = await signedInUser(env);
    for (const url of [`/api/users/profile/${user.userId}`, '/api/orders?page=1', '/api/my-bills']) {
      const response = await env.app.inject({ url, headers: user.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it.each([
    ['a catalogue list', '/api/bbps/prod/Electricity?limit=5', 'public, max-age=60'],
    ['the site configuration', '/api/site-config', 'public, max-age=300'],
  ])('%s keeps its public caching, asked with or without a session', async (_what, url, expected) => {
    const user = await signedInUser(env);
    for (const headers of [{}, user.headers]) {
      const response = await env.app.inject({ url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(expected);
    }
  });
});

/** What frame-ancestors lets frame the answer, as X-Frame-Options would say it. */
const frameOptionsOf = (csp: string) => {
  const ancestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.trim();
  return ancestors === "'none'" ? 'DENY' : ancestors === "'self'" ? 'SAMEORIGIN' : ancestors;
};

describe('framing', () => {
  it.each([
    ['the home page', '/'],
    ['a prerendered page', '/about'],
    ['a deep link', '/my-bills'],
    ['a static file', '/assets/app-1a2b.js'],
    ['an api answer', '/api/health'],
    ['an api refusal', '/api/orders'],
  ])('on %s, X-Frame-Options says what frame-ancestors says: never framed', async (_what, url) => {
    const response = await env.app.inject({ url });
    const csp = String(response.headers['content-security-policy']);
    expect(frameOptionsOf(csp)).toBe('DENY');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the bearer scheme', () => {
  it.each([['Bearer'], ['bearer'], ['BEARER'], ['bEaReR']])(
    'is read as %s (RFC 7235: the scheme is case-insensitive)',
    async (scheme) => {
      const user = await signedInUser(env);
      const token = user.headers.authorization?.split(' ')[1];
      const response = await env.app.inject({
        url: `/api/users/profile/${user.userId}`,
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: user.email });
    },
  );

  it('is still refused with another scheme or no token', async () => {
    const user = await signedInUser(env);
    const token = user.headers.authorization?.split(' ')[1];
    for (const authorization of [`Basic ${token}`, 'Bearer', 'Bearer ', `Bearertoken${token}`]) {
      const response = await env.app.inject({
        url: `/api/users/profile/${user.userId}`,
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });
});
