export * from './assets.ts';
export * from './build.ts';
export * from './keys.ts';
export * from './manifest.ts';
export * from './replace.ts';
export * from './word-cards.ts';
