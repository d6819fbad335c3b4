import { defineConfig } from 'vitest/config';

// Unit tests sit beside their code and touch no I/O; integration tests under test/ run against real
// services (started by test/support/global-setup.ts) and real Kith instances.
export default defineConfig({
  test: {
    globals: false,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{api,adapters,domain,schemas,workers,synthetic,composition,cli,bench}/**/*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
