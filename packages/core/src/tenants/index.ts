export * from './flags.ts';
