import type { AppDeps, AppModule } from '../module.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';
import { createBrowserMarks } from './browser-marks.ts';
import { createOtpService } from './otp.service.ts';
import { createOtpCodes } from './otp-codes.ts';
import { createProfileService } from './profile.service.ts';

/** Accounts: e-mail OTPs, sign-up, sign-in, password reset, profile and account deletion. */
export function createAccountsModule(deps: AppDeps): AppModule {
  const clock = () => new Date();
  const otp = createOtpService({
    db: deps.db,
    mailer: deps.mailer,
    codes: createOtpCodes(deps.config.JWT_SECRET),
    clock,
    logger: deps.logger,
    mailsPerAddress: deps.config.OTP_MAILS_PER_ADDRESS_PER_HOUR,
  });
  const accounts = createAccountsService({
    db: deps.db,
    otp,
    issueToken: deps.auth.issueToken,
    mailer: deps.mailer,
    clock,
    logger: deps.logger,
  });
  const profiles = createProfileService({ db: deps.db, otp, clock });
  return {
    name: 'accounts',
    routes: accountsRoutes({
      accounts,
      profiles,
      auth: deps.auth,
      marks: createBrowserMarks(deps.config.JWT_SECRET),
    }),
  };
}
