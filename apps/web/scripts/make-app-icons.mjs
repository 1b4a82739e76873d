// Draws the installed app's icons from public/logo.svg: `npm run icons -w @erti/web` after the logo changes.
// The PNGs are committed, so a build does not need sharp's native image library.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const logo = readFileSync(new URL('logo.svg', publicDir), 'utf8');
const roundedCorners = ' rx="8"';
if (!logo.includes(roundedCorners))
  throw new Error('logo.svg no longer has the rounded background this expects');

/**
 * A maskable icon fills its square: the launcher cuts its own shape out of it and keeps only the middle
 * circle (80% of the width) for sure. The logo's mark lies within 32% of the width from the centre, so the
 * logo with its background's corners squared is already safe.
 */
const fullBleedLogo = logo.replace(roundedCorners, '');

const icons = [
  { file: 'app-192.png', svg: logo, size: 192 },
  { file: 'app-512.png', svg: logo, size: 512 },
  { file: 'app-maskable-512.png', svg: fullBleedLogo, size: 512 },
  { file: 'apple-touch-icon-180.png', svg: fullBleedLogo, size: 180 },
];

for (const { file, svg, size } of icons) {
  // The logo is drawn at 32 px: render at the density that makes it `size` pixels, sharp to the edge.
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(`icons/${file}`, publicDir).pathname);
  console.info(`public/icons/${file}: ${size} x ${size}`);
}
