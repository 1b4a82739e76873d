import type { Executor } from '../../db/client.ts';
import { gatewayEvents } from '../../db/schema/payments.ts';
import { newId } from '../../lib/ids.ts';

/**
 * Records a gateway callback, webhook or post back under the provider's own key. Answers false when
 * that key was seen before: the event is a replay and must change nothing.
 */
export async function recordGatewayEvent(
  executor: Executor,
  event: {
    gateway: string;
    key: string;
    orderId: string | null;
    verified: boolean;
    payload: Record<string, unknown>;
  },
): Promise<boolean> {
  const inserted = await executor
    .insert(gatewayEvents)
    .values({
      id: newId('gev'),
      gateway: event.gateway,
      providerEventKey: event.key,
      orderId: event.orderId,
      verified: event.verified ? 'yes' : 'no',
      payload: event.payload,
    })
    .onConflictDoNothing()
    .returning({ id: gatewayEvents.id });
  return inserted.length > 0;
}
