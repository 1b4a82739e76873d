import { ServicesDirectory } from '../../features/services/components/services-directory.tsx';

export function Component() {
  return <ServicesDirectory />;
}
