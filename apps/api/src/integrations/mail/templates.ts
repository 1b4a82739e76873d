import { BRAND } from '@erti/contracts';
import { type Translator, translatorFor } from '../../lib/i18n.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A link the mail asks the reader to follow, shown as a button. */
export interface MailAction {
  label: string;
  href: string;
}

/**
 * Wraps a message body in the branded e-mail frame. `paragraphs` are plain text; a `highlight`
 * (an OTP, a reference number) is shown large; an `action` is a button under the text; an
 * `unsubscribe` link ends the mail (reminders). The frame speaks the translator's language (English
 * unless given: the support inbox's mails).
 */
export function brandedEmail(options: {
  title: string;
  paragraphs: string[];
  highlight?: string;
  action?: MailAction;
  unsubscribe?: MailAction;
  translator?: Translator;
}): {
  text: string;
  html: string;
} {
  const { action, unsubscribe, translator = translatorFor('en') } = options;
  const text = [
    options.title,
    '',
    ...(options.highlight ? [options.highlight, ''] : []),
    ...options.paragraphs,
    ...(action ? ['', `${action.label}: ${action.href}`] : []),
    '',
    `— ${BRAND}`,
    ...(unsubscribe ? ['', `${unsubscribe.label}: ${unsubscribe.href}`] : []),
  ].join('\n');
  const body = options.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('');
  const highlight = options.highlight
    ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:16px 0;color:#1e3a8a">${escapeHtml(options.highlight)}</p>`
    : '';
  const button = action
    ? `<p style="margin:20px 0"><a href="${escapeHtml(action.href)}" style="background:#1e3a8a;color:#fff;padding:10px 20px;border-radius:6px;text-decoration:none;font-weight:700">${escapeHtml(action.label)}</a></p>`
    : '';
  const footer = unsubscribe
    ? ` <a href="${escapeHtml(unsubscribe.href)}" style="color:#6b7280">${escapeHtml(unsubscribe.label)}</a>`
    : '';
  const html = `<!doctype html><html lang="${translator.language}"><body style="font-family:Arial,sans-serif;background:#f4f6fb;padding:24px">
<table role="presentation" style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px;color:#1e3a8a;margin:0 0 16px">${escapeHtml(BRAND)}</h1>
<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(options.title)}</h2>${highlight}${body}${button}
<p style="color:#6b7280;font-size:12px;margin-top:24px">${escapeHtml(translator.t('mail.automated', { brand: BRAND }))}${footer}</p>
</td></tr></table></body></html>`;
  return { text, html };
}
