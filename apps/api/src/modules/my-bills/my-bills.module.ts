import { bbpsClientFromConfig } from '../../integrations/bbps/bbps-client.ts';
import type { AppDeps, AppModule } from '../module.ts';
import { type BillChecks, CHECK_JOB, createBillChecks, REMIND_JOB } from './bill-checks.ts';
import { myBillsRoutes } from './my-bills.routes.ts';
import { createMyBillsService } from './my-bills.service.ts';
import { createReminderSender } from './reminder-mail.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

/** The bill checks of My Bills, for another module that must look at a bill first (AutoPay's debits). */
export function billChecksOf(deps: AppDeps): BillChecks {
  return createBillChecks({
    db: deps.db,
    bbps: bbpsClientFromConfig(deps.config, deps.recordOutsideCall),
    clock: deps.clock,
    config: deps.config,
    logger: deps.logger,
  });
}

/** My Bills: the customer's billers, their bills found on a schedule, and due-date reminders (072). */
export function createMyBillsModule(deps: AppDeps): AppModule {
  const tokens = createUnsubscribeTokens(deps.config.LINK_SIGNING_KEYS);
  const checks = billChecksOf(deps);
  const sendReminder = createReminderSender({
    db: deps.db,
    mailer: deps.mailer,
    config: deps.config,
    logger: deps.logger,
    checks,
    tokens,
  });
  const myBills = createMyBillsService({ db: deps.db, clock: deps.clock, tokens });
  return {
    name: 'my-bills',
    routes: myBillsRoutes({ myBills, auth: deps.auth }),
    jobs: { [CHECK_JOB]: checks.runCheck, [REMIND_JOB]: sendReminder },
  };
}
