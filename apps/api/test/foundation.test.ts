import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A raw body posted to sign-in, a route that reads JSON: the bad-input checks run before it. */
const postToSignIn = (payload: string, contentType = 'application/json') =>
  env.app.inject({
    method: 'POST',
    url: '/api/users/signin',
    headers: { 'content-type': contentType },
    payload,
  });

describe('foundation', () => {
  it('reports database reachability at /api/health', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
  });

  it('answers unknown api routes with a JSON 404', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/api/no-such-thing');
  });

  it('sets security headers with a real Content-Security-Policy (an api answer: nothing may run)', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('serves the OpenAPI document', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toMatch(/^3\./);
    expect(Object.keys(response.json().paths)).toContain('/api/health');
  });

  it('answers invalid JSON, a wrong content type and an oversized body with a 4xx and a message', async () => {
    const badJson = await postToSignIn('{"email":');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBeTruthy();

    const wrongType = await postToSignIn('<a/>', 'application/xml');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBeTruthy();

    const huge = await postToSignIn(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBeTruthy();
  });

  it('refuses a NUL character anywhere in a body, keys included, with a 400 and a message', async () => {
    for (const payload of [
      '{"email":"a@b.co","password":"x\\u0000"}',
      '{"email":"a@b.co","password":"x","a\\u0000b":1}',
      '{"email":"a@b.co","password":"x","deep":[[{"list":["ok","\\u0000"]}]]}',
    ]) {
      const response = await postToSignIn(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message).toBe('Text may not contain the NUL character');
    }
  });

  it('walks a wide body (200,000 values in an array, 50,000 keys in an object) without failing', async () => {
    const nulLast = await postToSignIn(
      `{"email":"a@b.co","password":"x","values":[${'0,'.repeat(200_000)}"\\u0000"]}`,
    );
    expect(nulLast.statusCode).toBe(400);
    expect(nulLast.json().message).toBe('Text may not contain the NUL character');

    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`k${index}`, index]));
    const wideObject = await postToSignIn(JSON.stringify({ email: 'a@b.co', password: 'x', ...keys }));
    expect(wideObject.statusCode).toBeLessThan(500);
    expect(wideObject.json().message).toBeTruthy();
  });

  it('delivers mail from the api to the sandbox mailbox over SMTP', async () => {
    await env.built.deps.mailer.send({
      to: 'someone@example.com',
      subject: 'Hello from the api',
      text: 'plain body',
      html: '<p>html body</p>',
    });
    const response = await fetch(`${env.sandboxUrl}/mailbox/messages?to=someone@example.com`);
    const mails = (await response.json()) as {
      subject: string;
      text: string;
      html: string;
      sentAt: string;
    }[];
    expect(mails[0]).toMatchObject({ subject: 'Hello from the api', to: 'someone@example.com' });
    expect(mails[0]?.text).toContain('plain body');
    expect(mails[0]?.html).toContain('<p>html body</p>');
  });
});

describe('site configuration', () => {
  it('serves one site configuration with the logo store and the 2025 promotion windows', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(response.statusCode).toBe(200);
    const site = response.json();
    expect(site.logoBaseUrl).toBe(`${env.sandboxUrl}/logos`);
    expect(site.supportHours).toBe('Monday-Friday 10am-6pm');
    expect(site.promotions.festivalBanner).toEqual({
      from: '2025-08-26T17:30:00+05:30',
      to: '2025-08-28T17:00:00+05:30',
    });
  });
});
