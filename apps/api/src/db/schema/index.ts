export * from './accounts.ts';
export * from './autopay.ts';
export * from './bills.ts';
export * from './catalogue.ts';
export * from './jobs.ts';
export * from './my-bills.ts';
export * from './payments.ts';
export * from './support.ts';
