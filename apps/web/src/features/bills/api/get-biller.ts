import type { Biller } from '@erti/contracts';
import { publicApi } from '../../../lib/api-client.ts';

/** `POST /api/bbps/prod/billerid`: one biller's full record (customer parameters and requirement flags). */
export function getBiller(request: { billerId: string; billerCategoryName?: string }): Promise<Biller> {
  return publicApi.post<Biller>('/bbps/prod/billerid', request);
}
