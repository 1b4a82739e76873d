import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify route in its own process, as the api runs in its own, so that both
 * are measured under the same conditions. Prints its port on stdout once listening.
 */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));

/**
 * The same baseline in the shape of one of the api's reads: any method (a POST's JSON body is parsed,
 * as the api parses it), answering `bytes` bytes typed as JSON, so that what the request and the
 * answer's size cost Fastify and the machine is told apart from what the api adds.
 */
const answers = new Map<number, Buffer>();
const MAX_BYTES = 1_000_000;
app.route<{ Querystring: { bytes?: string } }>({
  method: ['GET', 'POST'],
  url: '/bare/sized',
  handler: async (request, reply) => {
    const bytes = Number(request.query.bytes);
    if (!Number.isInteger(bytes) || bytes < 0 || bytes > MAX_BYTES) {
      return reply.code(400).send({ message: `bytes must be a whole number from 0 to ${MAX_BYTES}` });
    }
    let answer = answers.get(bytes);
    if (!answer) {
      answer = Buffer.alloc(bytes, ' ');
      answers.set(bytes, answer);
    }
    return reply.type('application/json').send(answer);
  },
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.info(typeof address === 'object' && address ? address.port : 0);
