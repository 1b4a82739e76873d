import { TermsContent } from '../../features/pages/index.ts';

export function Component() {
  return <TermsContent />;
}
