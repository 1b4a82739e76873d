/**
 * What a browser does over HTTP, without a browser: the site's JSON calls to the api (with the
 * session's Bearer token), and the form posts between the site and the gateways' hosted pages.
 */

/** The api could not be reached (connection refused or reset, no answer in time): the call's outcome is unknown. */
export class ApiUnavailableError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`${path}: ${detail}`);
    this.name = 'ApiUnavailableError';
  }
}

/**
 * Why an answer means the api did not handle the call, or undefined when it did: nginx's own error page
 * (with replicas, the replica died with the request, 502, or never answered, 504), or the api's 503 with
 * Retry-After (its database connection was lost under the call). The customer tries again.
 */
function notAnswered(response: Response, text: string): string | undefined {
  if ((response.status === 502 || response.status === 504) && text.includes('<center>nginx'))
    return `${response.status} from nginx`;
  if (response.status === 503 && response.headers.has('retry-after')) return '503, try again';
  return undefined;
}

/** fetch's "fetch failed" hides the reason (ECONNREFUSED, socket hang up) in its cause. */
const reasonOf = (error: unknown) =>
  error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);

/** One request as the load bench measures it: which call, how long, and its status (0: no answer). */
export interface CallTiming {
  name: string;
  ms: number;
  status: number;
}

let observer: ((timing: CallTiming) => void) | undefined;

/** Reports every request made through this module (the load bench's latency figures). */
export function observeCalls(listener: ((timing: CallTiming) => void) | undefined): void {
  observer = listener;
}

/** `POST /payu/_payment/123…` → `POST /payu/_payment/:id`: one name per kind of call (ids have digits). */
const callName = (method: string, url: string) =>
  `${method} ${new URL(url).pathname.replace(/\/(?=[A-Za-z0-9_]*\d)[A-Za-z0-9_]{12,}$/, '/:id')}`;

/** Times one request for the observer, whatever its outcome. */
async function observed<T extends { status: number }>(
  method: string,
  url: string,
  request: () => Promise<T>,
) {
  const started = performance.now();
  let status = 0;
  try {
    const answer = await request();
    status = answer.status;
    return answer;
  } finally {
    observer?.({ name: callName(method, url), ms: performance.now() - started, status });
  }
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** Generous: a call may wait behind the api's own 3 s calls to a slow outside system. */
const CALL_TIMEOUT_MS = 30_000;

/**
 * One JSON call to the api. Answers whatever status came back (the caller decides what a refusal
 * means); throws `ApiUnavailableError` when no answer came.
 */
export async function callApi<T = unknown>(
  apiUrl: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const url = `${apiUrl}/api${path}`;
  return observed(method, url, async () => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new ApiUnavailableError(path, reasonOf(error));
    }
    const unavailable = notAnswered(response, text);
    if (unavailable) throw new ApiUnavailableError(path, unavailable);
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  });
}

/** A 2xx answer's body, or an error naming the refusal. */
export async function expectOk<T>(answer: Promise<ApiAnswer<T>>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status >= 200 && status < 300) return body;
  throw new Error(`${what} refused (${status}): ${JSON.stringify(body).slice(0, 300)}`);
}

export interface HtmlForm {
  action: string;
  fields: Record<string, string>;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

/** The action and hidden fields of the first form of an HTML page (what its submit would post). */
export function formOf(html: string, base: string): HtmlForm {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[decodeEntities(match[1] ?? '')] = decodeEntities(match[2] ?? '');
  return { action: new URL(decodeEntities(action), base).toString(), fields };
}

export interface FormAnswer {
  status: number;
  location: string;
  html: string;
}

/**
 * A browser form post (url-encoded), not following redirects. A post that gets no answer throws
 * `ApiUnavailableError`, like `callApi` (only the api is ever down; the gateways' pages stay up).
 */
export async function postForm(url: string, fields: Record<string, string>): Promise<FormAnswer> {
  return observed('POST', url, async () => {
    let failure: string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const html = await response.text();
      const unavailable = notAnswered(response, html);
      if (!unavailable)
        return { status: response.status, location: response.headers.get('location') ?? '', html };
      failure = unavailable;
    } catch (error) {
      failure = reasonOf(error);
    }
    throw new ApiUnavailableError(new URL(url).pathname, failure);
  });
}

/** A GET of an HTML page (a gateway's pay page, the site's own pages). */
export async function getPage(url: string): Promise<{ status: number; html: string }> {
  return observed('GET', url, async () => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      return { status: response.status, html: await response.text() };
    } catch (error) {
      throw new ApiUnavailableError(new URL(url).pathname, reasonOf(error));
    }
  });
}
