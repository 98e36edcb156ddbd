// The kit's task follower (task events, polling when they cannot be opened), for the plugins that run tasks.
export { watchTask } from '@productimage/kit';
export * from './base/cells.ts';
export * from './base/connect.ts';
export * from './base/fields.ts';
export * from './base/host.ts';
export * from './base/types.ts';
export * from './session.ts';
