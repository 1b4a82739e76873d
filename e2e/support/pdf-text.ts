import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PDF's text as poppler's `pdftotext -layout` reads it back (poppler-utils, installed by .ci/run). */
export async function pdfTextOf(pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'erti-e2e-pdf-'));
  try {
    const file = join(folder, 'receipt.pdf');
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A text's letters in a fixed order, spaces left out. Text read back from a PDF comes in the order
 * its glyphs are drawn: a vowel sign drawn left of its consonant (बि, நே) and a reph (र्क) come back
 * moved, and a two-part Tamil vowel sign (மொ) in its two parts. The same letters are the same words.
 */
export const lettersOf = (text: string): string =>
  [...text.normalize('NFD').replace(/\s/g, '')].sort().join('');

/**
 * The value a receipt PDF prints beside `label` (the label's letters compared: `lettersOf`), or
 * undefined when no line has that label. Labels and values stand two or more spaces apart.
 */
export function pdfFact(text: string, label: string): string | undefined {
  for (const line of text.split('\n')) {
    const [name = '', ...value] = line.trim().split(/\s{2,}/);
    if (value.length > 0 && lettersOf(name) === lettersOf(label)) return value.join(' ');
  }
  return undefined;
}

/** Whether `text` read back from a PDF ends in `words` (as `lettersOf` compares them). */
export function endsInWords(text: string, words: string): boolean {
  const count = words.trim().split(/\s+/).length;
  return lettersOf(text.trim().split(/\s+/).slice(-count).join(' ')) === lettersOf(words);
}
