import { bbpsClientFromConfig } from '../../integrations/bbps/bbps-client.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { complaintsRoutes } from './complaints.routes.ts';
import { COMPLAINT_MAIL_JOB, createComplaintsService } from './complaints.service.ts';
import { createTransactionQueries } from './transaction-queries.service.ts';

/** Complaints and transaction queries on Bharat Connect. */
export function createComplaintsModule(deps: AppDeps): AppModule {
  const network = bbpsClientFromConfig(deps.config, deps.recordOutsideCall);
  const complaints = createComplaintsService({
    db: deps.db,
    network,
    mailer: deps.mailer,
    supportEmail: deps.config.SUPPORT_EMAIL,
    trackUrl: `${deps.config.PUBLIC_URL}/complaint`,
    logger: deps.logger,
  });
  const transactions = createTransactionQueries({ db: deps.db, network, logger: deps.logger });
  return {
    name: 'complaints',
    routes: complaintsRoutes({ auth: deps.auth, complaints, transactions }),
    jobs: { [COMPLAINT_MAIL_JOB]: complaints.mailComplaint },
  };
}
