export * from './bbps.ts';
export * from './bbps-envelope.ts';
export * from './payu.ts';
export * from './phonepe.ts';
export * from './razorpay.ts';
