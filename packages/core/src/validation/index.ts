export * from './account.ts';
export * from './leads.ts';
