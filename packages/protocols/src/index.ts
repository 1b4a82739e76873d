/**
 * The outside systems' wire formats, for the api's adapters and the sandbox: the bill network, then
 * each payment gateway's folder (`<gateway>/`), exported here one line a file (decision 125: to add a
 * gateway, its folder and its lines; its name first in packages/contracts/src/gateways/).
 */
export * from './bbps.ts';
export * from './bbps-envelope.ts';
export * from './payu/payu.ts';
export * from './phonepe/phonepe.ts';
export * from './phonepe/phonepe-subscriptions.ts';
export * from './razorpay/razorpay.ts';
export * from './razorpay/razorpay-recurring.ts';
export * from './test-clock.ts';
