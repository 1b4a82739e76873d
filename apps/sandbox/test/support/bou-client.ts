import type {
  BbpsBiller,
  BbpsBillerMdmResponse,
  BbpsFetchResponse,
  BbpsPaymentResponse,
  BbpsPlan,
  BbpsPlanMdmResponse,
  BbpsStatusResponse,
  BbpsValidationResponse,
  NameValue,
} from '@erti/protocols';
import { buildSandbox, type Sandbox } from '../../src/app.ts';
import { sandboxConfigFor } from '../../src/config.ts';
import type { SandboxConfig } from '../../src/modules.ts';

/** A sandbox for tests, with typed helpers for the `/bou` calls the api makes; `settings` change its config. */
export async function startBou(extraBillers = 0, settings: Partial<SandboxConfig> = {}) {
  const sandbox: Sandbox = await buildSandbox({
    ...sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://api.test', extraBillers }),
    ...settings,
  });
  const { app } = sandbox;

  const post = async <T>(path: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url: `/bou${path}`, payload });
    return { status: response.statusCode, body: response.json() as T };
  };
  const get = async <T>(path: string) => {
    const response = await app.inject({ method: 'GET', url: `/bou${path}` });
    return { status: response.statusCode, body: response.json() as T };
  };

  const agentDetails = {
    agentId: 'AM01ERTI000000000001',
    deviceTags: [
      { name: 'INITIATING_CHANNEL', value: 'INT' },
      { name: 'IP', value: '127.0.0.1' },
      { name: 'MAC', value: '00-14-22-01-23-45' },
    ],
  };
  const custDetails = (mobileNo = '9876543210') => ({
    mobileNo,
    customerTags: [{ name: 'EMAIL', value: 'a@b.in' }],
  });

  const billers = async (category: string) =>
    (
      await get<BbpsBillerMdmResponse>(
        `/billerservice/mdm?category=${encodeURIComponent(category)}&pageSize=1000`,
      )
    ).body.billerInfoResponse.biller;

  return {
    sandbox,
    app,
    post,
    get,
    billers,
    /** The first biller of a category that satisfies a condition. */
    async biller(
      category: string,
      matches: (biller: BbpsBiller) => boolean = () => true,
    ): Promise<BbpsBiller> {
      const found = (await billers(category)).find(matches);
      if (!found) throw new Error(`No ${category} biller matches`);
      return found;
    },
    fetchBill: async (billerId: string, customerParams: NameValue[]) =>
      (
        await post<BbpsFetchResponse>('/npciservice/fetch', {
          chId: 1,
          isRealTimeFetch: true,
          custDetails: custDetails(),
          agentDetails,
          billDetails: { billerId, customerParams },
        })
      ).body,
    validate: async (
      billerId: string,
      customerParams: NameValue[],
      extra: { amount?: string; planId?: string } = {},
    ) =>
      (
        await post<BbpsValidationResponse>('/npciservice/billValidation', {
          chId: 1,
          agentDetails,
          billDetails: { billerId, customerParams },
          ...extra,
        })
      ).body,
    pay: async (options: {
      billerId: string;
      customerParams: NameValue[];
      amount: string;
      clientRequestId: string;
      refId?: string;
      quickPay?: 'Yes' | 'No';
      paymentMode?: string;
      planId?: string;
      mobileNo?: string;
    }) =>
      (
        await post<BbpsPaymentResponse>('/npciservice/pay', {
          chId: 1,
          refId: options.refId,
          clientRequestId: options.clientRequestId,
          agentDetails,
          custDetails: custDetails(options.mobileNo),
          billDetails: { billerId: options.billerId, customerParams: options.customerParams },
          amountDetails: { amount: options.amount, currency: '356', custConvFee: '0', couCustConvFee: '0' },
          paymentDetails: {
            paymentMode: options.paymentMode ?? 'UPI',
            quickPay: options.quickPay ?? (options.refId ? 'No' : 'Yes'),
            splitPay: 'No',
            offusPay: 'No',
            paymentInfo: [{ name: 'VPA', value: 'asha@upi' }],
          },
          ...(options.planId && { planDetails: { planDetail: { type: 'ACTIVATED', id: options.planId } } }),
        })
      ).body,
    status: async (request: object) =>
      (await post<BbpsStatusResponse>('/npciservice/status', { chId: 1, ...request })).body,
    plans: async (billerId: string): Promise<BbpsPlan[]> =>
      (await post<BbpsPlanMdmResponse>('/planservice/planMdm', { billerId: [billerId] })).body
        .planDetailsResponse.planDetails,
    advanceClock: (advanceMs: number) => post('/_sandbox/clock', { advanceMs }),
    close: () => app.close(),
  };
}

export type BouClient = Awaited<ReturnType<typeof startBou>>;

/** A value matching `^[0-9]{min,max}$`-style params, ending in `suffix`. */
export function numberEnding(suffix: string, length = 12): string {
  return `9${'8'.repeat(length - 1 - suffix.length)}${suffix}`;
}
