import { DeleteAccountForm } from '../../features/accounts/index.ts';

export function Component() {
  return <DeleteAccountForm />;
}
