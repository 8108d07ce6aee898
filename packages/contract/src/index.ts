export * from './route.ts';
export * from './common.ts';
export * from './accounts.ts';
