import { SignupForm } from '../../features/accounts/index.ts';

export function Component() {
  return <SignupForm />;
}
