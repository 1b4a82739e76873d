import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * A full-page picture for a person to look at (issue 26 asks for the home page, a bill confirmation
 * and a receipt in each language): saved as `<name>.png` in `E2E_SCREENSHOTS` when it is set,
 * nothing otherwise.
 */
export async function screenshotForReview(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** A file the journey received (a PDF receipt), saved as `fileName` in `E2E_SCREENSHOTS` likewise. */
export function fileForReview(fileName: string, bytes: Buffer): void {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) writeFileSync(join(folder, fileName), bytes);
}
