import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { PRERENDERED_PAGE_SCRIPT_SOURCE } from '../src/modules/site/prerendered-pages.ts';
import { productionEnv, runSecrets } from './support/production-settings.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/**
 * The built web app as the browser gets it: security headers on the page, its files and the api,
 * and no secret of the api's configuration anywhere in what is shipped.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

let env: TestEnv;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'erti-security-web-'));
  execFileSync('npm', ['run', 'build', '-w', '@erti/web', '--', '--outDir', webDist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'ignore',
  });
  env = await startTestEnv({ WEB_DIST_DIR: webDist });
}, 180_000);

afterAll(async () => {
  await env?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );

const get = (url: string) => env.app.inject({ method: 'GET', url });

describe('security headers', () => {
  const firstScript = () => {
    const index = readFileSync(join(webDist, 'index.html'), 'utf8');
    const src = /<script[^>]*src="([^"]+)"/.exec(index)?.[1];
    if (!src) throw new Error('index.html loads no script');
    return src;
  };

  it.each([
    ['the home page', () => '/'],
    ['a deep link (history fallback)', () => '/services/utilities/Electricity'],
    ['a built script', firstScript],
  ])('are on %s, with the page policy', async (_what, url) => {
    const response = await get(url());
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Our files, and the prerendered pages' one inline script by its hash (decision 092): nothing else inline.
    expect(csp.split(';').map((directive) => directive.trim())).toContain(
      `script-src 'self' ${PRERENDERED_PAGE_SCRIPT_SOURCE}`,
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // As frame-ancestors 'none' says (decision 109): helmet's SAMEORIGIN let our own pages frame it.
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['an api answer', '/api/health'],
    ['a catalogue list', '/api/bbps/prod/Electricity?limit=5'],
    ['an api refusal', '/api/orders'],
    ['an unknown api route', '/api/no-such-route'],
  ])('are on %s, with the api policy: nothing in it may run or be framed', async (_what, url) => {
    const response = await get(url);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('leaves the api documentation page its own policy, which lets its scripts run', async () => {
    const response = await get('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/);
  });

  it('lets the page run under its own policy: no inline script but the one it allows by hash', async () => {
    for (const path of ['/', '/login']) {
      const page = await get(path);
      expect(page.statusCode).toBe(200);
      const allowed = String(page.headers['content-security-policy']);
      const scripts = [...page.body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [tag, body = ''] of scripts) {
        if (/\bsrc="/.test(tag)) expect(body.trim()).toBe('');
        // The site configuration as data (decision 119): a script of a type the browser never runs.
        else if (/\btype="application\/json"/.test(tag))
          expect(JSON.parse(body)).toHaveProperty('supportEmail');
        // The prerendered pages' session mark (decision 092), which the browser runs only if its hash is allowed.
        else expect(allowed).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      }
    }
  });
});

describe('the built bundle', () => {
  /** Every secret setting of the api (by its name), with its default value. */
  const defaults = loadConfig({});
  const secretNames = Object.keys(defaults).filter((name) => /SECRET|SALT|PASSWORD|_PASS$/.test(name));
  const secretValues = secretNames
    .map((name) => defaults[name as keyof typeof defaults])
    .filter((value): value is string => typeof value === 'string' && value.length > 0);

  it('knows what to look for', () => {
    expect(secretNames).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'PAYU_SALT', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']),
    );
    expect(secretValues.length).toBeGreaterThanOrEqual(5);
  });

  it('holds no secret value and no secret setting name in any file', () => {
    // The .br and .gz copies hold the same bytes compressed; the plain files are what is searched.
    const files = filesUnder(webDist).filter((file) => !/\.(br|gz)$/.test(file));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const leaks: string[] = [];
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      for (const needle of [...secretValues, ...secretNames, 'DATABASE_URL', 'SMTP_USER'])
        if (text.includes(needle)) leaks.push(`${needle} in ${file.slice(webDist.length)}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('production settings', () => {
  it('refuse to start with any secret left at its public default', () => {
    const own = productionEnv();
    expect(loadConfig(own).PAYU_SALT).toBe(own.PAYU_SALT);
    for (const name of Object.keys(runSecrets())) {
      const { [name]: _left, ...left } = own;
      expect(() => loadConfig(left)).toThrow(`${name}: must be set in production`);
    }
    expect(loadConfig({ NODE_ENV: 'development' }).PAYU_SALT).toBe(loadConfig({}).PAYU_SALT);
  });
});
