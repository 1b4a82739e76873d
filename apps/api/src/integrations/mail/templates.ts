import { BRAND } from '@erti/contracts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Wraps a message body in the branded e-mail frame. `paragraphs` are plain text; a `highlight`
 * (an OTP, a reference number) is shown large.
 */
export function brandedEmail(options: { title: string; paragraphs: string[]; highlight?: string }): {
  text: string;
  html: string;
} {
  const text = [
    options.title,
    '',
    ...(options.highlight ? [options.highlight, ''] : []),
    ...options.paragraphs,
    '',
    `— ${BRAND}`,
  ].join('\n');
  const body = options.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('');
  const highlight = options.highlight
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:16px 0;color:#1e3a8a">${escapeHtml(options.highlight)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;background:#f4f6fb;padding:24px">
<table role="presentation" style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px;color:#1e3a8a;margin:0 0 16px">${escapeHtml(BRAND)}</h1>
<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(options.title)}</h2>${highlight}${body}
<p style="color:#6b7280;font-size:12px;margin-top:24px">This is an automated message from ${escapeHtml(BRAND)}. Please do not reply.</p>
</td></tr></table></body></html>`;
  return { text, html };
}
