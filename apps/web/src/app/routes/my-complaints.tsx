import { MyComplaintsPage } from '../../features/complaints/index.ts';

export function Component() {
  return <MyComplaintsPage />;
}
