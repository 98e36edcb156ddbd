export * from './limits.ts';
export * from './marketing.ts';
export * from './marketingTasks.ts';
export * from './membership.ts';
export * from './posters.ts';
export * from './rewrite.ts';
export * from './tasks.ts';
export * from './agentChat.ts';
