export * from './client.ts';
export * from './token.ts';
export * from './types.ts';
