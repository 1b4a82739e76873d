import { TEST_CLOCK_CHANGE_PROBLEM, testClockChangeSchema } from '@erti/protocols';
import type { FastifyInstance } from 'fastify';
import type { TestClock } from '../lib/clock.ts';

/**
 * `POST /__test/clock` {advanceMs}: moves the api's test clock forward and answers the time it now
 * reads. Registered only with TEST_CLOCK=true (never in production); otherwise the path is a 404.
 */
export function registerTestClock(app: FastifyInstance, clock: TestClock): void {
  app.post('/__test/clock', { schema: { hide: true } }, async (request, reply) => {
    const change = testClockChangeSchema.safeParse(request.body);
    if (!change.success) return reply.status(400).send({ message: TEST_CLOCK_CHANGE_PROBLEM });
    clock.advance(change.data.advanceMs);
    return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
  });
}
