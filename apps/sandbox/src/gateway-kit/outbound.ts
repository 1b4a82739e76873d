import type { FastifyBaseLogger } from 'fastify';

/**
 * Sends a server-to-server notification (callback, webhook) the way a gateway does: one POST with
 * a short timeout. A failure is logged and reported, never thrown: the payment already happened.
 */
export async function notify(
  log: FastifyBaseLogger,
  options: { url: string; body: string; headers: Record<string, string> },
): Promise<number | undefined> {
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.body,
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    log.warn({ err: error, url: options.url }, 'notification not delivered');
    return undefined;
  }
}
