import type { AppDeps, AppModule } from '../module.ts';
import { contactRoutes } from './contact.routes.ts';
import { CONTACT_DELIVERY_JOB, createContactService } from './contact.service.ts';

/** The contact form: messages stored and mailed to support. */
export function createContactModule(deps: AppDeps): AppModule {
  const service = createContactService({
    db: deps.db,
    mailer: deps.mailer,
    supportEmail: deps.config.SUPPORT_EMAIL,
    logger: deps.logger,
  });
  return {
    name: 'contact',
    routes: contactRoutes(service),
    jobs: { [CONTACT_DELIVERY_JOB]: service.retryDelivery },
  };
}
