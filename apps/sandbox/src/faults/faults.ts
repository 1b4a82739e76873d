import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Fault injection for reliability tests. A rule matches requests whose path starts with `path`
 * (and optionally one method) and applies one fault: a delay, a hang (timeout), an HTTP error,
 * or a flag that handlers read (`duplicate`, `outOfOrder`, `fail`, `pending` for gateway and network outcomes;
 * `unreadable`: a gateway's status answer carries a status word no documentation lists; `lost`: a
 * gateway's callback of a mandate notice or debit is never sent).
 */
export const faultRuleSchema = z.object({
  path: z.string().min(1),
  method: z.string().optional(),
  kind: z.enum([
    'delay',
    'timeout',
    'error',
    'duplicate',
    'outOfOrder',
    'fail',
    'pending',
    'unreadable',
    'lost',
  ]),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  /** How many matching requests it affects; absent means every one until cleared. */
  count: z.number().int().positive().optional(),
  /** Chance (0..1) that a matching request is affected. */
  probability: z.number().min(0).max(1).optional(),
  /** How long (ms) from its adding the rule is live: an outage of a while, whoever calls in it; absent means until cleared. */
  forMs: z.number().int().positive().max(600_000).optional(),
});
export type FaultRule = z.infer<typeof faultRuleSchema> & { id: number; hits: number; addedAt: number };

export type FlagKind = Exclude<FaultRule['kind'], 'delay' | 'timeout' | 'error'>;

/** The callback-shaping flags of one request: sent twice, an older one after the newest, or never. */
export interface CallbackFlags {
  duplicate: boolean;
  outOfOrder: boolean;
  lost: boolean;
}

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(rule: z.infer<typeof faultRuleSchema>): FaultRule {
    const stored = { ...rule, id: this.nextId++, hits: 0, addedAt: Date.now() };
    this.rules.push(stored);
    return stored;
  }

  list(): FaultRule[] {
    return this.rules;
  }

  clear(): void {
    this.rules = [];
  }

  /** The first live rule matching this request and kind set, counted as a hit. */
  take(method: string, path: string, kinds: FaultRule['kind'][]): FaultRule | undefined {
    const rule = this.rules.find(
      (candidate) =>
        kinds.includes(candidate.kind) &&
        path.startsWith(candidate.path) &&
        (!candidate.method || candidate.method.toUpperCase() === method.toUpperCase()) &&
        (candidate.count === undefined || candidate.hits < candidate.count) &&
        (candidate.forMs === undefined || Date.now() - candidate.addedAt < candidate.forMs),
    );
    if (!rule) return undefined;
    if (rule.probability !== undefined && Math.random() >= rule.probability) return undefined;
    rule.hits += 1;
    return rule;
  }

  /** For handlers: is a flag fault (duplicate, outOfOrder, fail, pending, unreadable, lost) set for this request? */
  flag(request: FastifyRequest, kind: FlagKind): boolean {
    return this.take(request.method, request.url.split('?')[0] ?? '', [kind]) !== undefined;
  }

  callbackFlags(request: FastifyRequest): CallbackFlags {
    return {
      duplicate: this.flag(request, 'duplicate'),
      outOfOrder: this.flag(request, 'outOfOrder'),
      lost: this.flag(request, 'lost'),
    };
  }
}

/**
 * The callbacks of one event as the flags shape them: none (lost), the newest twice (duplicate), or
 * the newest before an older one (out of order); each list is sent in its order.
 */
export function shapedCallbacks<T>(newest: T[], older: T[], flags: CallbackFlags): T[] {
  if (flags.lost) return [];
  const sent = flags.duplicate ? [...newest, ...newest] : newest;
  return flags.outOfOrder ? [...sent, ...older] : sent;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function registerFaults(app: FastifyInstance, faults: Faults): Promise<void> {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/faults') || path.startsWith('/health') || path.startsWith('/mailbox')) return;
    const rule = faults.take(request.method, path, ['delay', 'timeout', 'error']);
    if (!rule) return;
    if (rule.kind === 'delay') await sleep(rule.delayMs ?? 1000);
    if (rule.kind === 'timeout') await sleep(rule.delayMs ?? 60_000);
    if (rule.kind === 'error' || rule.kind === 'timeout') {
      return reply.status(rule.status ?? 503).send({ error: 'Injected fault', rule: rule.id });
    }
  });

  app.get('/faults', async () => ({ rules: faults.list() }));
  app.post('/faults', async (request, reply) => {
    const body = z.union([faultRuleSchema, z.array(faultRuleSchema)]).safeParse(request.body);
    if (!body.success)
      return reply.status(400).send({ message: body.error.issues[0]?.message ?? 'Invalid fault' });
    const added = (Array.isArray(body.data) ? body.data : [body.data]).map((rule) => faults.add(rule));
    return reply.status(201).send({ rules: added });
  });
  app.delete('/faults', async () => {
    faults.clear();
    return { rules: [] };
  });
}
