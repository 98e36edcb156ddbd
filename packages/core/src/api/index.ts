export * from './client.ts';
export * from './eventStream.ts';
export * from './streams.ts';
export * from './token.ts';
export * from './typed.ts';
export * from './types.ts';
