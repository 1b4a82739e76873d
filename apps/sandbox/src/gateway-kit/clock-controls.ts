import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxClock } from '../bou/clock.ts';

const clockChange = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 86_400_000),
});

/**
 * A gateway's test clock at `<prefix>/_sandbox/clock`: read it, move it on (`{ advanceMs }`), or put
 * it back. Its mandates (AutoPay, recurring payments) keep time by it, so tests move days in an instant.
 */
export function registerClockControls(app: FastifyInstance, prefix: string, clock: SandboxClock): void {
  const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offset });
  app.get(`${prefix}/_sandbox/clock`, async () => state());
  app.post(`${prefix}/_sandbox/clock`, async (request, reply) => {
    const body = clockChange.safeParse(request.body);
    if (!body.success) return reply.status(400).send({ message: body.error.issues[0]?.message });
    clock.advance(body.data.advanceMs);
    return state();
  });
  app.delete(`${prefix}/_sandbox/clock`, async () => {
    clock.reset();
    return state();
  });
}
