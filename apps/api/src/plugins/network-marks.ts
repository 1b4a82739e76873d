import type { FastifyInstance } from 'fastify';
import { NETWORK_MARK_FILES, type NetworkMarkFile, type NetworkMarks } from '../lib/network-marks.ts';

/**
 * An hour: the prerendered pages name the marks by a fixed address (a page built once cannot know an
 * operator's file), so a swapped mark reaches a browser that has the old one within the hour, then
 * by its ETag without the bytes when nothing changed.
 */
const MARK_CACHE = 'public, max-age=3600';

/** Nothing in an SVG opened on its own may run or fetch; its own styles may apply. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const isMarkFile = (name: string): name is NetworkMarkFile =>
  (NETWORK_MARK_FILES as readonly string[]).includes(name);

/**
 * `GET /network-marks/<file>` (and HEAD): the network's marks as the site and mails show them
 * (decision 132), the operator's file where NETWORK_MARKS_DIR has it, else the placeholder. Files of
 * the site, beside the web app rather than under `/api`: not counted by the api's rate limit.
 */
export async function registerNetworkMarks(app: FastifyInstance, marks: NetworkMarks): Promise<void> {
  for (const file of NETWORK_MARK_FILES) {
    const art = await marks.read(file);
    app.log.info(
      `network mark ${file}: ${art.source === 'operator' ? "the operator's file" : 'placeholder'}`,
    );
  }
  app.get<{ Params: { file: string } }>(
    '/network-marks/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!isMarkFile(file))
        return reply
          .status(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'No such network mark' });
      const art = await marks.read(file);
      reply
        .header('content-type', art.contentType)
        .header('cache-control', MARK_CACHE)
        .header('etag', art.etag);
      if (art.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
      if (request.headers['if-none-match'] === art.etag) return reply.status(304).send();
      return reply.send(art.body);
    },
  );
}
