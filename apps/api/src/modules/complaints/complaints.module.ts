import { bbpsClientFromConfig } from '../../integrations/bbps/bbps-client.ts';
import { createOtpCodes } from '../accounts/index.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { RESOLUTION_NOTICE_JOB } from './complaint-notices.ts';
import { complaintsRoutes } from './complaints.routes.ts';
import { COMPLAINT_MAIL_JOB, COMPLAINT_TRACK_JOB, createComplaintsService } from './complaints.service.ts';
import { createPayerVerification } from './payer-verification.ts';
import { createTransactionQueries } from './transaction-queries.service.ts';

/** Complaints and transaction queries on Bharat Connect. */
export function createComplaintsModule(deps: AppDeps): AppModule {
  const network = bbpsClientFromConfig(deps.config, deps.recordOutsideCall);
  const payers = createPayerVerification({
    db: deps.db,
    mailer: deps.mailer,
    codes: createOtpCodes(deps.config.JWT_SECRET),
    clock: () => deps.clock.now(),
    logger: deps.logger,
  });
  const complaints = createComplaintsService({
    db: deps.db,
    network,
    mailer: deps.mailer,
    payers,
    supportEmail: deps.config.SUPPORT_EMAIL,
    trackUrl: `${deps.config.PUBLIC_URL}/complaint`,
    myComplaintsUrl: `${deps.config.PUBLIC_URL}/my-complaints`,
    clock: deps.clock,
    logger: deps.logger,
  });
  const transactions = createTransactionQueries({ db: deps.db, network, logger: deps.logger });
  return {
    name: 'complaints',
    routes: complaintsRoutes({ auth: deps.auth, complaints, payers, transactions }),
    jobs: {
      [COMPLAINT_MAIL_JOB]: complaints.mailComplaint,
      [COMPLAINT_TRACK_JOB]: complaints.trackComplaint,
      [RESOLUTION_NOTICE_JOB]: complaints.mailResolution,
    },
  };
}
