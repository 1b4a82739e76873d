import { ProfileScreen } from '../../features/accounts/index.ts';

export function Component() {
  return <ProfileScreen />;
}
