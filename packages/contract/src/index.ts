export * from './route.ts';
export * from './common.ts';
export * from './accounts.ts';
export * from './modules.ts';
export * from './recordings.ts';
export * from './assessment.ts';
export * from './notifications.ts';
export * from './coaching.ts';
