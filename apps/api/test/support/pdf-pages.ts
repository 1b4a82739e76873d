import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PDF read back by poppler-utils (installed by .ci/run): its text (`pdftotext`), the fonts it
 * embeds (`pdffonts`) and its first page as a greyscale image (`pdftoppm`, raw PGM bytes).
 */
export async function readPdf(pdf: Buffer, dpi = 72) {
  const folder = await mkdtemp(join(tmpdir(), 'erti-pdf-'));
  try {
    const file = join(folder, 'receipt.pdf');
    await writeFile(file, pdf);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const { stdout: fonts } = await run('pdffonts', [file]);
    await run('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', file, join(folder, 'page')]);
    const page = greyImageOf(await readFile(join(folder, 'page-1.pgm')));
    return { text, fonts, page };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface GreyImage {
  width: number;
  height: number;
  /** One byte a pixel, 0 black to 255 white, row by row. */
  pixels: Uint8Array;
}

/** A binary PGM (P5, 8 bits) as written by pdftoppm -gray. */
export function greyImageOf(file: Buffer): GreyImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header?.[1] || !header[2]) throw new Error('pdftoppm did not write an 8-bit PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: file.subarray(header[0].length, header[0].length + width * height) };
}

/** The share of dark pixels (ink) in a band of rows, 0 to 1. */
export function inkIn(image: GreyImage, fromRow: number, toRow: number): number {
  let dark = 0;
  const rows = image.pixels.subarray(fromRow * image.width, toRow * image.width);
  for (const pixel of rows) if (pixel < 128) dark += 1;
  return dark / Math.max(1, rows.length);
}

/**
 * How far `image` is from `reference`: the pixels that differ clearly (by more than a quarter of the
 * grey scale), as a share of the reference's ink. A shaping fault (a conjunct drawn as a consonant
 * with a virama, a vowel sign on the wrong side) moves whole glyphs; anti-aliasing moves a few edges.
 */
export function differenceFrom(image: GreyImage, reference: GreyImage): number {
  if (image.width !== reference.width || image.height !== reference.height) return 1;
  let differing = 0;
  let ink = 0;
  for (let i = 0; i < reference.pixels.length; i += 1) {
    const before = reference.pixels[i] ?? 255;
    if (before < 128) ink += 1;
    if (Math.abs((image.pixels[i] ?? 255) - before) > 64) differing += 1;
  }
  return differing / Math.max(1, ink);
}

/** Writes the PGM back, e.g. to keep a new reference image. */
export function pgmOf(image: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1'), image.pixels]);
}

/** The images a PDF embeds (`pdfimages -list`), each by its pixel size; their transparency masks left out. */
export async function imagesIn(pdf: Buffer): Promise<{ width: number; height: number }[]> {
  const folder = await mkdtemp(join(tmpdir(), 'erti-pdf-'));
  try {
    const file = join(folder, 'receipt.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns[2] === 'image')
      .map((columns) => ({ width: Number(columns[3]), height: Number(columns[4]) }));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
