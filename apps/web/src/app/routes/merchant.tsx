import { MerchantDashboard } from '../../features/merchant/components/merchant-dashboard.tsx';

export function Component() {
  return <MerchantDashboard />;
}
