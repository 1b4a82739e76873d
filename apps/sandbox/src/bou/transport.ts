import { bbpsEnvelopeCiphertext, decryptBbpsEnvelope } from '@erti/protocols';
import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../modules.ts';
import { refused } from './envelope.ts';

/**
 * What a real Axis/TransXT unit checks before it reads a call (protocols.md §4.2): the `AUTH` header,
 * when the sandbox is given one, and the encrypted envelope `{"request": "<ciphertext>"}`, opened with
 * the shared secret. Plain JSON is still taken on the same routes, so the api works in either mode.
 * Answers stay plain JSON: the reference shows no encrypted answer (decision 052). The settings are read
 * on each call, so a test can change them on a running sandbox.
 */
export function guardTransport(unit: FastifyInstance, config: SandboxConfig): void {
  unit.addHook('onRequest', async (request, reply) => {
    if (config.bbpsAuth && request.headers.auth !== config.bbpsAuth) {
      return reply.status(401).send(refused('E401', 'Unauthorized access detected'));
    }
  });

  unit.addHook('preValidation', async (request, reply) => {
    const sealed = bbpsEnvelopeCiphertext(request.body, 'request');
    if (sealed === undefined) return;
    try {
      request.body = JSON.parse(decryptBbpsEnvelope(config.bbpsSecret, sealed));
    } catch {
      return reply.status(400).send(refused('DE001', 'Invalid ENC request'));
    }
  });
}
