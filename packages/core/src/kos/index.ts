export * from './readings.ts';
