import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, sampleOf, urlOf } from './fuzz/openapi.ts';
import { seededRandom } from './fuzz/random.ts';
import { bearer, logIn, post, signUpUser } from './support/accounts.ts';
import { startTestEnv, type TestEnv } from './support/test-env.ts';

/** Sessions end: tokens expire (a 2-second lifetime here) and die with the account. */
const TTL_SECONDS = 2;

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv({ JWT_TTL_SECONDS: TTL_SECONDS });
});
afterAll(async () => {
  await env?.close();
});

const profile = (userId: string, token: string) =>
  env.app.inject({ method: 'GET', url: `/api/users/profile/${userId}`, headers: bearer(token) });

describe('session lifetime', () => {
  it('refuses a token once it expires, and a new sign-in opens a new session', async () => {
    const email = 'short.session@example.com';
    const { Token, UserId } = await signUpUser(env, email);
    expect((await profile(UserId, Token)).statusCode).toBe(200);

    await sleep(TTL_SECONDS * 1000 + 200);
    const expired = await profile(UserId, Token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Please login to continue');

    const again = await logIn(env, email);
    expect(again.statusCode).toBe(200);
    expect((await profile(UserId, again.json().Token)).statusCode).toBe(200);
  });

  it("refuses a deleted account's token on every signed-in operation, not only the profile", async () => {
    const email = 'deleted.everywhere@example.com';
    const { Token, UserId } = await signUpUser(env, email);
    const deleted = await post(env, '/users/delete-account', { feedback: 'Moving away' }, bearer(Token));
    expect(deleted.statusCode).toBe(200);

    const document = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const random = seededRandom(1);
    const secured = operationsOf(document).filter((operation) => operation.signIn === 'required');
    const answers = [];
    for (const operation of secured) {
      const pathValues = { UserId, id: UserId, orderId: 'ord_fuzz0001' };
      const response = await env.app.inject({
        method: operation.method as 'POST',
        url: urlOf(operation, pathValues),
        headers: bearer(Token),
        ...(operation.body ? { payload: sampleOf(operation.body, random) as object } : {}),
      });
      answers.push({ operation: operation.label, status: response.statusCode, code: response.json().code });
    }
    // Fastify validates before the sign-in check, so a sample the schema refuses answers 400 first:
    // refused either way, and most operations must reach the sign-in check.
    const refused = answers.filter(
      (answer) => answer.status === 401 || (answer.status === 400 && answer.code === 'VALIDATION'),
    );
    expect(refused).toEqual(answers);
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThan(secured.length / 2);
  });
});
