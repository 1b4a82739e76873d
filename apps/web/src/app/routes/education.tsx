import { EducationFeesForm } from '../../features/recharge/components/education-fees-form.tsx';

/** /education: the education fees search on its own page. */
export function Component() {
  return <EducationFeesForm />;
}
