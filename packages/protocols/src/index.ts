export * from './bbps.ts';
export * from './payu.ts';
export * from './phonepe.ts';
export * from './razorpay.ts';
