import {
  type AgentDetails,
  type BbpsBiller,
  type BbpsBillerMdmResponse,
  type BbpsCirclesResponse,
  type BbpsComplaintRegistrationRequest,
  type BbpsComplaintRegistrationResponse,
  type BbpsComplaintTrackRequest,
  type BbpsComplaintTrackResponse,
  type BbpsFetchRequest,
  type BbpsFetchResponse,
  type BbpsLocation,
  type BbpsLocationsResponse,
  type BbpsPaymentRequest,
  type BbpsPaymentResponse,
  type BbpsPlan,
  type BbpsPlanMdmResponse,
  type BbpsStatusRequest,
  type BbpsStatusResponse,
  type BbpsValidationRequest,
  type BbpsValidationResponse,
  bbpsEnvelopeCiphertext,
  bbpsPaths,
  decryptBbpsEnvelope,
  encryptBbpsEnvelope,
} from '@erti/protocols';
import { type Config, outsideBaseUrl } from '../../config.ts';
import {
  type OutsideCallRecorder,
  outcomeOfStatus,
  recordedCall,
  unrecordedCalls,
} from '../outside-calls.ts';
import { agentMacAddress } from './agent-device.ts';
import { BbpsRejectedError, BbpsUnavailableError } from './bbps-errors.ts';
import { asArray, normaliseBiller } from './biller-normaliser.ts';

export { BbpsRejectedError, BbpsUnavailableError } from './bbps-errors.ts';

/** Who the request is made for: the IP of the customer's browser as the api saw it. */
export interface CustomerDevice {
  ip: string;
}

type WithoutEnvelope<T> = Omit<T, 'chId' | 'agentDetails'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type BillFetchInput = WithoutEnvelope<Omit<BbpsFetchRequest, 'isRealTimeFetch'>>;
export type BillValidationInput = WithoutEnvelope<BbpsValidationRequest>;
export type BillPaymentInput = WithoutEnvelope<BbpsPaymentRequest>;
export type TxnStatusQuery = DistributiveOmit<BbpsStatusRequest, 'chId'>;
export type ComplaintRegistration = BbpsComplaintRegistrationRequest['complaintRegistrationReq'];

export interface BillerMdmQuery {
  category?: string;
  /** From 1. */
  page: number;
  /** At most 1000. */
  pageSize: number;
  /** Only billers changed since then. */
  updatedSince?: Date;
}

export interface BillerMdmPage {
  totalCount: number;
  page: number;
  pageSize: number;
  billers: BbpsBiller[];
}

export interface BbpsClientOptions {
  /** The operating unit's base URL (`BBPS_BASE_URL`, by default the sandbox's `/bou`). */
  baseUrl: string;
  /** Our 20-character Bharat Connect agent id. */
  agentId: string;
  /** For a customer's call (fetch, validate, pay, status, complaints). */
  timeoutMs: number;
  /** For master data (billers, plans, coverage): large pages no customer is waiting on. */
  masterDataTimeoutMs: number;
  /** The agent device's MAC; derived from this host when absent. */
  macAddress?: string;
  /** The credential the unit issued us: sent as the `AUTH` header on every call when set. */
  auth?: string;
  /**
   * When set, every POST body goes as `{"request": "<ciphertext>"}` sealed with this secret, and an
   * answer shaped `{"response": "<ciphertext>"}` is opened with it (decision 052).
   */
  envelopeSecret?: string;
  /** Hears of each call to the unit (the metrics, decision 067). */
  recordCall?: OutsideCallRecorder;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasKey = (key: string) => (body: unknown) => isObject(body) && key in body;
const isEnvelope = hasKey('respCode');

/**
 * The adapter to the Bharat Connect operating unit: typed calls over real HTTP with a timeout. It
 * fills `chId` and `agentDetails` (our agent id, INITIATING_CHANNEL=INT, the customer's IP, the agent
 * device's MAC) so that no caller, and never the browser, sets them. A `respCode: "0"` answer is
 * returned as it came; a timeout, an unreachable network, a 5xx or an unreadable answer throws
 * `BbpsUnavailableError`, a refused request `BbpsRejectedError`. With `envelopeSecret` every POST body
 * travels encrypted; an answer that will not decrypt is unreadable, so `BbpsUnavailableError`.
 */
export function createBbpsClient(options: BbpsClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const macAddress = options.macAddress ?? agentMacAddress(options.agentId);
  const secret = options.envelopeSecret;
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (options.auth) headers.AUTH = options.auth;

  const seal = (body: unknown) =>
    secret === undefined ? body : { request: encryptBbpsEnvelope(secret, JSON.stringify(body)) };

  /** An answer sealed like our requests, opened; any other answer as it came. */
  function unseal(path: string, status: number, body: unknown): unknown {
    if (secret === undefined) return body;
    const sealed = bbpsEnvelopeCiphertext(body, 'response');
    if (sealed === undefined) return body;
    try {
      return JSON.parse(decryptBbpsEnvelope(secret, sealed));
    } catch {
      throw new BbpsUnavailableError(path, false, `an answer that does not decrypt (HTTP ${status})`);
    }
  }

  function agentDetails(device: CustomerDevice): AgentDetails {
    return {
      agentId: options.agentId,
      deviceTags: [
        { name: 'INITIATING_CHANNEL', value: 'INT' },
        { name: 'IP', value: device.ip },
        { name: 'MAC', value: macAddress },
      ],
    };
  }

  /** One call to the unit, recorded by its HTTP status: a 4xx is a refusal (a lookup's 404 too). */
  function send(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    timeoutMs = options.timeoutMs,
  ): Promise<RawAnswer> {
    return recordedCall(
      options.recordCall ?? unrecordedCalls,
      'bbps',
      () => exchange(path, init, timeoutMs),
      (answer) => outcomeOfStatus(answer.status),
    );
  }

  async function exchange(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    timeoutMs: number,
  ): Promise<RawAnswer> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(seal(init.body)),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new BbpsUnavailableError(
        path,
        timedOut,
        timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable',
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new BbpsUnavailableError(path, timedOut, 'the answer was cut off');
    }
    if (response.status >= 500) throw new BbpsUnavailableError(path, false, `HTTP ${response.status}`);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      throw new BbpsUnavailableError(path, false, `unreadable answer (HTTP ${response.status})`);
    }
    return { status: response.status, body: unseal(path, response.status, body) };
  }

  /** The answer when it has the expected shape (a business answer may come with a 4xx); else an error. */
  function expect<T>(path: string, answer: RawAnswer, isAnswer: (body: unknown) => boolean): T {
    if (isAnswer(answer.body)) return answer.body as T;
    if (answer.status >= 400) {
      throw new BbpsRejectedError(path, answer.status, JSON.stringify(answer.body ?? '').slice(0, 200));
    }
    throw new BbpsUnavailableError(path, false, 'the answer has an unexpected shape');
  }

  async function post<T>(path: string, body: unknown, isAnswer: (body: unknown) => boolean): Promise<T> {
    return expect<T>(path, await send(path, { method: 'POST', body }), isAnswer);
  }

  /** GET a record that may not exist: 404 means "no such thing". */
  async function lookup<T>(path: string, isAnswer: (body: unknown) => boolean): Promise<T | undefined> {
    const answer = await send(path, { method: 'GET' });
    if (answer.status === 404) return undefined;
    return expect<T>(path, answer, isAnswer);
  }

  return {
    agentId: options.agentId,
    macAddress,

    fetchBill(input: BillFetchInput, device: CustomerDevice): Promise<BbpsFetchResponse> {
      const request: BbpsFetchRequest = {
        chId: 1,
        isRealTimeFetch: true,
        custDetails: input.custDetails,
        agentDetails: agentDetails(device),
        billDetails: input.billDetails,
      };
      return post(bbpsPaths.fetch, request, isEnvelope);
    },

    validate(input: BillValidationInput, device: CustomerDevice): Promise<BbpsValidationResponse> {
      const request: BbpsValidationRequest = { chId: 1, ...input, agentDetails: agentDetails(device) };
      return post(bbpsPaths.validate, request, isEnvelope);
    },

    /** Never retried here: the caller retries with the same `clientRequestId`, which the network de-duplicates. */
    pay(input: BillPaymentInput, device: CustomerDevice): Promise<BbpsPaymentResponse> {
      const request: BbpsPaymentRequest = { chId: 1, ...input, agentDetails: agentDetails(device) };
      return post(bbpsPaths.pay, request, isEnvelope);
    },

    status(query: TxnStatusQuery): Promise<BbpsStatusResponse> {
      return post(bbpsPaths.status, { chId: 1, ...query }, isEnvelope);
    },

    async billerMdmPage(query: BillerMdmQuery): Promise<BillerMdmPage> {
      const search = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
      if (query.category) search.set('category', query.category);
      if (query.updatedSince) search.set('updatedSince', query.updatedSince.toISOString());
      const path = `${bbpsPaths.billerMdm}?${search}`;
      const answer = expect<BbpsBillerMdmResponse>(
        path,
        await send(path, { method: 'GET' }, options.masterDataTimeoutMs),
        hasKey('billerInfoResponse'),
      );
      const info = answer.billerInfoResponse;
      return {
        totalCount: Number(info.totalCount) || 0,
        page: Number(info.page) || query.page,
        pageSize: Number(info.pageSize) || query.pageSize,
        billers: asArray(info.biller).map(normaliseBiller),
      };
    },

    /**
     * Whether the unit answers, by the smallest question it takes: the billers changed since now (none),
     * within a customer's call's time. Throws as every call does when it does not (decision 110).
     */
    async probe(): Promise<void> {
      const search = new URLSearchParams({
        page: '1',
        pageSize: '1',
        updatedSince: new Date().toISOString(),
      });
      const path = `${bbpsPaths.billerMdm}?${search}`;
      expect(path, await send(path, { method: 'GET' }), hasKey('billerInfoResponse'));
    },

    async billerById(billerId: string): Promise<BbpsBiller | undefined> {
      const answer = await lookup<BbpsBillerMdmResponse>(
        `${bbpsPaths.billerById}/${encodeURIComponent(billerId)}`,
        hasKey('billerInfoResponse'),
      );
      const [biller] = asArray(answer?.billerInfoResponse.biller);
      return biller && normaliseBiller(biller);
    },

    async planMdm(billerIds: string[]): Promise<BbpsPlan[]> {
      const answer = expect<BbpsPlanMdmResponse>(
        bbpsPaths.planMdm,
        await send(
          bbpsPaths.planMdm,
          { method: 'POST', body: { billerId: billerIds } },
          options.masterDataTimeoutMs,
        ),
        hasKey('planDetailsResponse'),
      );
      return asArray(answer.planDetailsResponse.planDetails);
    },

    /** The telecom circles a plan biller serves; undefined for an unknown biller or one without plans. */
    async circles(billerId: string): Promise<string[] | undefined> {
      const answer = await lookup<BbpsCirclesResponse>(
        `${bbpsPaths.circles}/${encodeURIComponent(billerId)}`,
        hasKey('circles'),
      );
      return answer && asArray(answer.circles);
    },

    async locations(): Promise<BbpsLocation[]> {
      const path = bbpsPaths.locations;
      const answer = expect<BbpsLocationsResponse>(
        path,
        await send(path, { method: 'GET' }, options.masterDataTimeoutMs),
        hasKey('locations'),
      );
      return asArray(answer.locations).map((location) => ({ ...location, areas: asArray(location.areas) }));
    },

    async registerComplaint(
      complaint: ComplaintRegistration,
    ): Promise<BbpsComplaintRegistrationResponse['complaintRegistrationResp']> {
      const withAgent =
        complaint.participationType === 'AGENT' && !complaint.agentId
          ? { ...complaint, agentId: options.agentId }
          : complaint;
      const answer = await post<BbpsComplaintRegistrationResponse>(
        bbpsPaths.complaintRegister,
        { complaintRegistrationReq: withAgent },
        hasKey('complaintRegistrationResp'),
      );
      return answer.complaintRegistrationResp;
    },

    async trackComplaint(
      request: BbpsComplaintTrackRequest,
    ): Promise<BbpsComplaintTrackResponse['complaintTrackingResp']> {
      const answer = await post<BbpsComplaintTrackResponse>(
        bbpsPaths.complaintTrack,
        request,
        hasKey('complaintTrackingResp'),
      );
      return answer.complaintTrackingResp;
    },
  };
}

export type BbpsClient = ReturnType<typeof createBbpsClient>;

/** The client for the configured operating unit (the sandbox unless `BBPS_BASE_URL` is set). */
export function bbpsClientFromConfig(config: Config, recordCall = unrecordedCalls): BbpsClient {
  return createBbpsClient({
    recordCall,
    baseUrl: outsideBaseUrl(config, 'bbps'),
    agentId: config.BBPS_AGENT_ID,
    timeoutMs: config.BBPS_TIMEOUT_MS,
    masterDataTimeoutMs: config.BBPS_MDM_TIMEOUT_MS,
    auth: config.BBPS_AUTH,
    envelopeSecret: config.BBPS_ENVELOPE === 'encrypted' ? config.BBPS_SECRET : undefined,
  });
}
