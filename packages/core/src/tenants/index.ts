export * from './flags.ts';
export * from './guards.ts';
