import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';

const run = promisify(execFile);

/**
 * A network mark on the page, found by its words (decision 132): whether the picture arrived from the
 * api, its box on the page and its right edge's distance from its row's. Waits for it to load.
 */
export async function networkMarkOn(page: Page, name: string) {
  const mark = page.getByRole('img', { name, exact: true });
  await mark.waitFor();
  await page.waitForFunction(
    (alt) => Array.from(document.images).some((image) => image.alt === alt && image.complete),
    name,
  );
  return mark.evaluate((image: HTMLImageElement) => {
    const box = image.getBoundingClientRect();
    const row = (image.parentElement as HTMLElement).getBoundingClientRect();
    return {
      loaded: image.naturalWidth > 0,
      src: new URL(image.src).pathname,
      width: box.width,
      height: box.height,
      fromRowsRight: Math.round(row.right - box.right),
    };
  });
}

/** How many images a PDF embeds (`pdfimages -list`, poppler-utils), their transparency masks left out. */
export async function imagesInPdf(pdf: Buffer): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), 'erti-e2e-pdf-'));
  try {
    const file = join(folder, 'receipt.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout.split('\n').filter((line) => line.trim().split(/\s+/)[2] === 'image').length;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
