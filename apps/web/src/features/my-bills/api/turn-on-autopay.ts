import type { TurnOnAutopayRequest, TurnOnAutopayResponse } from '@erti/contracts';
import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';

/**
 * `POST /api/my-bills/{id}/autopay`: opens a mandate at the gateway. The answer's `handOff` sends the
 * browser to the gateway's mandate page, which brings it back to `/my-bills?autopay={id}`.
 */
export function turnOnAutopay(id: string, request: TurnOnAutopayRequest): Promise<TurnOnAutopayResponse> {
  return authApi.post<TurnOnAutopayResponse>(`/my-bills/${encodeURIComponent(id)}/autopay`, request);
}

export function useTurnOnAutopay() {
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: TurnOnAutopayRequest }) =>
      turnOnAutopay(id, request),
  });
}
