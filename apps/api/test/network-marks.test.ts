import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Biller, LANGUAGE_COOKIE, LANGUAGES } from '@erti/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type SignedInUser, startBillPaymentEnv } from './support/bill-network.ts';
import { api, fetchBill, paidAtPayu, settleJobs } from './support/payment-flows.ts';
import { imagesIn } from './support/pdf-pages.ts';
import type { TestEnv } from './support/test-env.ts';

/**
 * Issue 39 item 1 (decision 132): the network's marks come from the operator's folder where it has
 * them, else from the shipped placeholders; the folder is read as it is now, never where a request says.
 */
const placeholders = new URL('../assets/network-marks/', import.meta.url);
const officialLogo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 1"><title>official</title></svg>';
const SECRET = 'not a mark: must never be served';

let env: TestEnv;
let electricity: Biller;
let user: SignedInUser;
let operatorDir: string;

beforeAll(async () => {
  operatorDir = await mkdtemp(join(tmpdir(), 'erti-network-marks-'));
  await writeFile(join(operatorDir, 'bharat-connect.svg'), officialLogo);
  // The wide logo's picture as the B-Assured PNG: in a PDF, an image of a size the placeholder's is not.
  await copyFile(new URL('bharat-connect.png', placeholders), join(operatorDir, 'b-assured.png'));
  // Not a PNG: the placeholder stands in rather than every receipt failing.
  await writeFile(join(operatorDir, 'bharat-connect.png'), 'a text file named like a PNG');
  await writeFile(join(operatorDir, 'secret.txt'), SECRET);
  ({ env, electricity, user } = await startBillPaymentEnv({ NETWORK_MARKS_DIR: operatorDir }));
});
afterAll(async () => {
  await env?.close();
  if (operatorDir) await rm(operatorDir, { recursive: true, force: true });
});

const mark = (path: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: `/network-marks/${path}`, headers });

describe('the network marks the site shows', () => {
  it("serves the operator's file where the folder has it, else the placeholder, cacheable and inert", async () => {
    const logo = await mark('bharat-connect.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toBe(officialLogo);
    expect(logo.headers).toMatchObject({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=3600',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
      etag: expect.stringMatching(/^"[\w-]{27}"$/),
    });

    const assured = await mark('b-assured.svg');
    expect(assured.statusCode).toBe(200);
    expect(assured.body).toContain('PLACEHOLDER');
    expect(assured.body).toContain('B-Assured');

    const png = await mark('bharat-connect.png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    // HEAD for a link checker: the same headers, no body.
    const head = await env.app.inject({ method: 'HEAD', url: '/network-marks/b-assured.png' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('shows a swapped file on the next request, under a new ETag; an unchanged one answers 304', async () => {
    const before = await mark('b-assured.svg');
    expect((await mark('b-assured.svg', { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(
      304,
    );
    const swapped = '<svg xmlns="http://www.w3.org/2000/svg"><title>official B-Assured</title></svg>';
    await writeFile(join(operatorDir, 'b-assured.svg'), swapped);
    try {
      const after = await mark('b-assured.svg', { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.body).toBe(swapped);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await rm(join(operatorDir, 'b-assured.svg'));
    }
    expect((await mark('b-assured.svg')).body).toContain('PLACEHOLDER');
  });

  it('answers only its four names: no path a request writes reaches the file system', async () => {
    for (const path of [
      'secret.txt',
      '..%2Fsecret.txt',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      '..%5C..%5Cpackage.json',
      'bharat-connect.svg%2F..%2Fsecret.txt',
      'bharat-connect.svg%00.txt',
      'BHARAT-CONNECT.SVG',
      '.%2Fbharat-connect.svg',
    ]) {
      const answer = await mark(path);
      // A NUL is refused before routing (400); every other name is no mark (404).
      expect(answer.statusCode, path).toBe(path.includes('%00') ? 400 : 404);
      expect(answer.body, path).not.toContain(SECRET);
      expect(answer.body, path).not.toContain('"name"');
    }
  });

  it('stops the api at start when NETWORK_MARKS_DIR is not a folder', () => {
    expect(() => loadConfig({ NETWORK_MARKS_DIR: join(operatorDir, 'secret.txt') })).toThrow(
      /NETWORK_MARKS_DIR: is not a folder/,
    );
    expect(() => loadConfig({ NETWORK_MARKS_DIR: join(operatorDir, 'missing') })).toThrow(
      /NETWORK_MARKS_DIR/,
    );
  });
});

describe('the network marks on the receipt PDF', () => {
  it("embeds the logo and the B-Assured mark in every language, the operator's where it is good", async () => {
    const bill = await fetchBill(env, electricity, '3901', user.headers);
    const { orderId } = await paidAtPayu(env, bill, user, electricity.billerName);
    await settleJobs(env);
    for (const language of LANGUAGES) {
      const receipt = await api(env, 'GET', `/orders/${orderId}/receipt.pdf`, {
        ...user.headers,
        cookie: `${LANGUAGE_COOKIE}=${language}`,
      });
      expect(receipt.statusCode, language).toBe(200);
      // The placeholder logo (its operator PNG is not one) and the operator's B-Assured: both 480 × 160.
      expect(await imagesIn(receipt.rawPayload), language).toEqual([
        { width: 480, height: 160 },
        { width: 480, height: 160 },
      ]);
    }
  });
});
