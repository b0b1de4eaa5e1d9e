import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { budget } from './tests/support/time-scale.ts';

export default defineConfig({
  test: {
    // Request and job lines (info) would bury the test output; warnings and errors still show.
    // Child processes a test starts (server.ts, worker/main.ts) log at info: their helpers wait for those lines.
    env: { LOG_LEVEL: 'warn' },
    // Vitest's default leaves one core free, which on 2 cores is one file at a time; the files
    // mostly wait (on PostgreSQL, on timers), and each has its own database (decision 026).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'ui',
          include: ['tests/unit/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
          // Files share a worker's modules (Mantine, React, the app) instead of importing them again each: 60 %
          // less CPU for the project (decision 026). tests/setup-dom.ts puts the app's module state back after each test.
          isolate: false,
          // Page tests walk several steps (render, click, wait for the refetch). Beside Playwright on
          // 2 cores a test can take 5x its quiet time (a 4 s test took over 20 s in CI; the people page's
          // filter test takes up to 18 s here). A bound for a hang, not for speed.
          testTimeout: budget(60_000),
        },
      },
      {
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: ['tests/unit/app/**'],
          environment: 'node',
          // Files share a worker's loaded modules instead of importing them again each (a third less CPU for
          // the suite, decision 026): each file still has its own database, server and fakes.
          isolate: false,
          // One embedded PostgreSQL for the whole run; each file gets its own database.
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: budget(30_000),
          hookTimeout: budget(60_000),
        },
      },
    ],
  },
});
