import { defineConfig, devices } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './scripts/server-node-flags.ts';
import { budget } from './tests/support/time-scale.ts';

// The product as a user gets it: `node server.ts` with `npm start`'s heap limits, on a fresh embedded database.
// E2E_PORT lets a second checkout run its browser tests beside this one (the database ports follow).
const PORT = Number(process.env.E2E_PORT ?? 4410);
// Two workers, each with a server and database of its own (ports PORT and PORT + 1): specs change the demo
// recruiter's language and read "first in Needs reply", so they must not see each other's changes. Half of a
// browser test is waiting, so two of them share 2 cores well (decision 026). E2E_WORKERS=1 runs one.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// A worker process reads this file again with its index set: it talks to its own server only.
const SERVER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const dataDir = (server: number) => `.data/e2e-${server}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: WORKERS,
  // No retries: a flaky test is a bug to fix, not to hide.
  retries: 0,
  // In CI the failing page's snapshot goes to the log too: the log is all one reads there.
  reporter: process.env.CI ? [['list'], ['./tests/e2e/failure-context-reporter.ts']] : [['list']],
  // A bound for a hang: beside the vitest run on 2 cores a test takes up to twice its quiet time (meetings: 25 s here).
  timeout: budget(60_000),
  expect: { timeout: budget(10_000) },
  use: {
    baseURL: `http://127.0.0.1:${PORT + SERVER}`,
    // A trace records every test (screencast frames and DOM snapshots) to keep the failures': 40 % of the browser
    // tests' CPU (decision 058). CI keeps none (its log is what one reads there); E2E_TRACE=retain-on-failure brings it back.
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'retain-on-failure')) as 'off' | 'retain-on-failure',
    // Taken only when a test fails: costs nothing otherwise.
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--no-first-run', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: WORKERS }, (_, server) => ({
    command: `rm -rf ${dataDir(server)} && node ${SERVER_NODE_FLAGS.join(' ')} server.ts`,
    url: `http://127.0.0.1:${PORT + server}/api/health`,
    reuseExistingServer: false,
    timeout: budget(120_000),
    // Request and job lines stay out of the test output; warnings and errors show.
    env: {
      PORT: String(PORT + server), DATA_DIR: dataDir(server), EMBEDDED_PG_PORT: String(PORT + server + 51000),
      WORKER: 'on', CHECK_API_RESPONSES: 'on', LOG_LEVEL: 'warn',
    },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
