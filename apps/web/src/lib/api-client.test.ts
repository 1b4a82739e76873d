import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, authApi, publicApi } from './api-client.ts';
import { saveSession } from './session.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api clients', () => {
  it('adds the Bearer token from the stored session only on the auth client', async () => {
    saveSession({ message: 'User Login success', Token: 'tok123', UserId: 'usr_1' });
    const fetchMock = stubFetch(200, { ok: true });
    await authApi.get('/users/profile/usr_1');
    await publicApi.get('/bbps/prod/Electricity');
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const headersOf = (index: number) => (calls[index]?.[1].headers ?? {}) as Record<string, string>;
    expect(headersOf(0).authorization).toBe('Bearer tok123');
    expect(headersOf(1).authorization).toBeUndefined();
    expect(calls[0]?.[0]).toBe('/api/users/profile/usr_1');
  });

  it('turns an error answer into an ApiError with the server message', async () => {
    stubFetch(401, { message: 'Signin failed. Please check your credentials.' });
    const failure = publicApi.post('/users/signin', {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      message: 'Signin failed. Please check your credentials.',
    });
  });
});
