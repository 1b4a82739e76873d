import { PrivacyContent } from '../../features/pages/index.ts';

export function Component() {
  return <PrivacyContent />;
}
