import { getSession } from './session.ts';

/** Every failed call becomes one ApiError carrying the server's message and status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const API_BASE = '/api';
/** The status of an ApiError for a call that got no answer at all (no network, the server unreachable). */
export const NO_ANSWER = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Extra request headers, e.g. an `Idempotency-Key` for a call that moves money. */
export interface RequestOptions {
  headers?: Record<string, string>;
  /** Cancels the call: a search whose answer nobody waits for any more. */
  signal?: AbortSignal;
}

/** The parsed body of a successful call with the response's headers (a list's `x-total-count`). */
export interface WithHeaders<T> {
  body: T;
  headers: Headers;
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  token?: string,
  options: RequestOptions = {},
): Promise<T> {
  return (await requestWithHeaders<T>(method, path, body, token, options)).body;
}

async function requestWithHeaders<T>(
  method: Method,
  path: string,
  body: unknown,
  token?: string,
  options: RequestOptions = {},
): Promise<WithHeaders<T>> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled call is not a network failure: whoever cancelled it expects the abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError(NO_ANSWER, 'Network error. Please check your connection.', error);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // A non-JSON body (rare): keep the text.
  }
  if (!response.ok) {
    const message =
      typeof parsed === 'object' && parsed !== null && 'message' in parsed
        ? String((parsed as { message: unknown }).message)
        : `Request failed (${response.status})`;
    throw new ApiError(response.status, message, parsed);
  }
  return { body: parsed as T, headers: response.headers };
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A GET whose response headers matter too. */
  getWithHeaders<T>(path: string, options?: RequestOptions): Promise<WithHeaders<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, body?: unknown): Promise<T>;
}

function createClient(token: () => string | undefined): ApiClient {
  return {
    get: (path, options) => request('GET', path, undefined, token(), options),
    getWithHeaders: (path, options) => requestWithHeaders('GET', path, undefined, token(), options),
    post: (path, body, options) => request('POST', path, body ?? {}, token(), options),
    put: (path, body) => request('PUT', path, body ?? {}, token()),
    patch: (path, body) => request('PATCH', path, body ?? {}, token()),
    delete: (path, body) => request('DELETE', path, body, token()),
  };
}

/** The unauthenticated client (spec section 7). */
export const publicApi = createClient(() => undefined);
/** The client that adds `Authorization: Bearer <Token>` from the stored session. */
export const authApi = createClient(() => getSession()?.Token);
