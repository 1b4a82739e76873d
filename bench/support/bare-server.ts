import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify route in its own process, as the api runs in its own, so that both
 * are measured under the same conditions. Prints its port on stdout once listening.
 */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.info(typeof address === 'object' && address ? address.port : 0);
