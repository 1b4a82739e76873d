import { BRAND } from '@erti/contracts';

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A small page of ours outside the web app (a mail link's answer). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(BRAND)}</title></head>
<body style="font-family:Arial,sans-serif;background:#f4f6fb;padding:24px"><main style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<p style="font-size:20px;color:#1e3a8a;font-weight:700;margin:0 0 16px">${escapeHtml(BRAND)}</p><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const named = (entry: { nickname: string; billerName: string }) =>
  `${escapeHtml(entry.nickname)} (${escapeHtml(entry.billerName)})`;

/**
 * The page a GET of the unsubscribe link shows: it changes nothing (mail scanners follow links), it
 * asks. Its button posts the same one-click body a mail program would (RFC 8058).
 */
export function confirmUnsubscribePage(
  entry: { nickname: string; billerName: string },
  action: string,
): string {
  return page(
    'Stop reminders?',
    `<p>Stop the bill reminders for ${named(entry)}? You can turn them on again on My Bills.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#1e3a8a;color:#fff;border:0;border-radius:6px;padding:10px 20px;font-weight:700">Stop reminders</button></form>`,
  );
}

export function unsubscribedPage(entry: { nickname: string; billerName: string }): string {
  return page(
    'Reminders stopped',
    `<p>You will get no more reminders for ${named(entry)}. You can turn them on again on My Bills.</p>`,
  );
}
