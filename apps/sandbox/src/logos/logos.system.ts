import { catalogueFor } from '../bou/catalogue.ts';
import { hashText } from '../bou/random.ts';
import type { SandboxSystem } from '../modules.ts';
import { logoTiles } from './samples.ts';

/**
 * The public logo store: `GET /logos/{category}/{billerName}.{ext}` serves a biller's logo only in
 * the one format its master data names (`billerLogo`), so the site's png → jpg → webp → jpeg
 * fallback chain meets real misses. Images are small tiles in the biller's colour.
 */

const formats: Record<string, { type: string; tile: 'png' | 'jpeg' | 'webp' }> = {
  png: { type: 'image/png', tile: 'png' },
  jpg: { type: 'image/jpeg', tile: 'jpeg' },
  jpeg: { type: 'image/jpeg', tile: 'jpeg' },
  webp: { type: 'image/webp', tile: 'webp' },
};

const images = logoTiles.map((tile) => ({
  png: Buffer.from(tile.png, 'base64'),
  jpeg: Buffer.from(tile.jpeg, 'base64'),
  webp: Buffer.from(tile.webp, 'base64'),
}));

/** `{category}/{name}.{ext}` from the raw path; names may hold dots and (encoded or not) slashes. */
function logoRequest(path: string) {
  const slash = path.indexOf('/');
  if (slash < 0) return undefined;
  try {
    const category = decodeURIComponent(path.slice(0, slash));
    const file = decodeURIComponent(path.slice(slash + 1));
    const dot = file.lastIndexOf('.');
    if (dot <= 0) return undefined;
    return { category, name: file.slice(0, dot), extension: file.slice(dot + 1).toLowerCase() };
  } catch {
    return undefined;
  }
}

export const logosSystem: SandboxSystem = async (app, { config }) => {
  const catalogue = catalogueFor(config.extraBillers);

  app.get('/logos/*', async (request, reply) => {
    // Images load cross-origin from the site; misses are cached too so the fallback chain stays cheap.
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
    reply.header('cache-control', 'public, max-age=86400');
    const wanted = logoRequest((request.raw.url ?? '').split('?')[0]!.replace(/^\/logos\//, ''));
    const entry = wanted && catalogue.byCategoryAndName(wanted.category, wanted.name);
    const format = wanted && formats[wanted.extension];
    if (!entry || !format || entry.biller.billerLogo !== wanted.extension) {
      return reply.status(404).type('text/plain').send('No logo');
    }
    const image = images[hashText(entry.biller.billerId) % images.length]!;
    return reply.type(format.type).send(image[format.tile]);
  });
};
