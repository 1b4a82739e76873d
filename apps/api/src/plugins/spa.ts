import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at `/` with a history fallback: any GET that is not an api call and
 * not a file answers index.html, so every route of the spec deep-links. Unknown `/api/*` calls
 * answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of every asset; serve those to clients that accept them.
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders: (res, path) => {
        if (!path.includes(`${join(distDir, 'assets')}`)) res.setHeader('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api') || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${path}` });
    }
    // index.html must never be cached: it names the hashed assets of the current release.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
