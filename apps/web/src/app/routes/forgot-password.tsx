import { ForgotPasswordForm } from '../../features/accounts/index.ts';

export function Component() {
  return <ForgotPasswordForm />;
}
