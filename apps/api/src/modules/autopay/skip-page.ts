import { escapeHtml, page } from '../my-bills/index.ts';

const named = (entry: { nickname: string; billerName: string }) =>
  `${escapeHtml(entry.nickname)} (${escapeHtml(entry.billerName)})`;

/** A GET of the pre-debit mail's skip link: a page that asks (mail scanners follow links); its button posts. */
export function confirmSkipPage(action: string): string {
  return page(
    'Skip this AutoPay debit?',
    `<p>AutoPay will not pay this bill; it stays on for the next one. You can then pay this bill yourself.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" style="background:#1e3a8a;color:#fff;border:0;border-radius:6px;padding:10px 20px;font-weight:700">Skip this debit</button></form>`,
  );
}

export function skippedPage(entry?: { nickname: string; billerName: string }): string {
  return entry
    ? page(
        'Debit skipped',
        `<p>AutoPay will not pay this bill of ${named(entry)}. It stays on for the next one.</p>`,
      )
    : page(
        'This debit cannot be skipped',
        '<p>It has already been made, skipped or ended. Please check My Bills.</p>',
      );
}
