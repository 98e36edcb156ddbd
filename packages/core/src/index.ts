export * from './api/index.ts';
export * from './channel.ts';
export * from './constants/index.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './i18n/index.ts';
export * from './tenants/index.ts';
export * from './validation/index.ts';
