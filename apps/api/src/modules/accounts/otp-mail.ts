import { BRAND, type Language, OTP_VALID_MINUTES } from '@erti/contracts';
import type { OtpRowPurpose } from '../../db/schema/accounts.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';
import { translatorFor } from '../../lib/i18n.ts';

/** The branded OTP e-mail (HTML and text), in `language`, that names what the code is for. */
export function otpMail(to: string, purpose: OtpRowPurpose, code: string, language: Language): MailMessage {
  const translator = translatorFor(language);
  const { t } = translator;
  const body = brandedEmail({
    title: t(`otp.${purpose}.title`),
    highlight: code,
    paragraphs: [
      t(`otp.${purpose}.use`, { brand: BRAND }),
      t('otp.valid', { minutes: OTP_VALID_MINUTES }),
      t('otp.neverShare', { brand: BRAND }),
    ],
    translator,
  });
  return { to, subject: t(`otp.${purpose}.subject`, { brand: BRAND }), ...body };
}

/** Tells the account holder, in the profile's language, that the password changed, so an unexpected change is noticed. */
export function passwordChangedMail(to: string, language: Language): MailMessage {
  const translator = translatorFor(language);
  const { t } = translator;
  const body = brandedEmail({
    title: t('otp.passwordChanged.title'),
    paragraphs: [t('otp.passwordChanged.reset', { brand: BRAND }), t('otp.passwordChanged.notYou')],
    translator,
  });
  return { to, subject: t('otp.passwordChanged.subject', { brand: BRAND }), ...body };
}

/**
 * Answers a login code asked for an e-mail with no account (decision 105): its reader learns that,
 * while whoever asked is answered as for an account.
 */
export function noAccountMail(to: string, language: Language): MailMessage {
  const translator = translatorFor(language);
  const { t } = translator;
  const body = brandedEmail({
    title: t('otp.noAccount.title', { brand: BRAND }),
    paragraphs: [t('otp.noAccount.asked', { brand: BRAND }), t('otp.noAccount.signUp')],
    translator,
  });
  return { to, subject: t('otp.noAccount.subject', { brand: BRAND }), ...body };
}
