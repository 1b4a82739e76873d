import { BRAND, OTP_VALID_MINUTES } from '@erti/contracts';
import type { OtpRowPurpose } from '../../db/schema/accounts.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { brandedEmail } from '../../integrations/mail/templates.ts';

const wording: Record<OtpRowPurpose, { subject: string; title: string; use: string }> = {
  signup: {
    subject: `Your ${BRAND} sign-up code`,
    title: 'Verify your e-mail to sign up',
    use: `Use this code to finish creating your ${BRAND} account.`,
  },
  login: {
    subject: `Your ${BRAND} login code`,
    title: 'Your login code',
    use: `Use this code to log in to your ${BRAND} account.`,
  },
  reset: {
    subject: `Your ${BRAND} password reset code`,
    title: 'Reset your password',
    use: 'Use this code to choose a new password.',
  },
  email: {
    subject: `Confirm your new ${BRAND} e-mail`,
    title: 'Confirm your new e-mail address',
    use: `Use this code to move your ${BRAND} account to this address.`,
  },
};

/** The branded OTP e-mail (HTML and text) that names what the code is for. */
export function otpMail(to: string, purpose: OtpRowPurpose, code: string): MailMessage {
  const { subject, title, use } = wording[purpose];
  const body = brandedEmail({
    title,
    highlight: code,
    paragraphs: [
      use,
      `It is valid for ${OTP_VALID_MINUTES} minutes and works once.`,
      `Never share this code with anyone, including ${BRAND} staff. If you did not ask for it, you can ignore this e-mail.`,
    ],
  });
  return { to, subject, ...body };
}

/** Tells the account holder that the password changed, so an unexpected change is noticed. */
export function passwordChangedMail(to: string): MailMessage {
  const body = brandedEmail({
    title: 'Your password was changed',
    paragraphs: [
      `The password of your ${BRAND} account was just reset, and every device was logged out.`,
      'If this was not you, reset your password again at once and contact our support team.',
    ],
  });
  return { to, subject: `Your ${BRAND} password was changed`, ...body };
}
