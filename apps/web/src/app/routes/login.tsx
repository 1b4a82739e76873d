import { LoginForm } from '../../features/accounts/index.ts';

export function Component() {
  return <LoginForm />;
}
