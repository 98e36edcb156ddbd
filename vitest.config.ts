import { defineConfig } from 'vitest/config';

/**
 * One test command for the whole repository: unit and integration tests beside the code in every
 * package, and the browser journeys in tests/ (real Chromium, real server).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.ts'] } },
      { test: { name: 'kit', include: ['packages/kit/src/**/*.test.ts'] } },
      { test: { name: 'embed-sdk', include: ['embed-sdk/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'plugins', include: ['plugins/*/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
