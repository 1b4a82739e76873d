export * from './bbps.ts';
export * from './bbps-envelope.ts';
export * from './payu/payu.ts';
export * from './phonepe/phonepe.ts';
export * from './phonepe/phonepe-subscriptions.ts';
export * from './razorpay/razorpay.ts';
export * from './razorpay/razorpay-recurring.ts';
export * from './test-clock.ts';
