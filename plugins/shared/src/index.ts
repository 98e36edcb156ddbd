export * from './base/cells.ts';
export * from './base/connect.ts';
export * from './base/fields.ts';
export * from './base/host.ts';
export * from './base/types.ts';
export * from './session.ts';
