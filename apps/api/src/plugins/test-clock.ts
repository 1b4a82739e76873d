import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TestClock } from '../lib/clock.ts';

const clockChange = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 86_400_000),
});

/**
 * `POST /__test/clock` {advanceMs}: moves the api's test clock forward and answers the time it now
 * reads. Registered only with TEST_CLOCK=true (never in production); otherwise the path is a 404.
 */
export function registerTestClock(app: FastifyInstance, clock: TestClock): void {
  app.post('/__test/clock', { schema: { hide: true } }, async (request, reply) => {
    const change = clockChange.safeParse(request.body);
    if (!change.success) {
      return reply
        .status(400)
        .send({ message: 'advanceMs must be a whole number of milliseconds, 0 or more' });
    }
    clock.advance(change.data.advanceMs);
    return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
  });
}
