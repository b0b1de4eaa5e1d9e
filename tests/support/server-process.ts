// `node server.ts` as `npm start` runs it (Node 24, its heap limits, the built site), on a test database,
// for tests of what only the whole server does: headers, prerendered pages, languages.
// Needs the built site (`npm run build`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '#platform/runtime/ports.server.ts';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.ts';
import { TEST_SECRET } from './constants.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  /** Everything it printed so far (its log lines), for failure messages and log assertions. */
  output(): string;
  /** The process, e.g. to SIGKILL it. */
  pid: number;
  stop(): Promise<void>;
}

/** Fails early, saying what to do, when the site is not built. */
export function assertBuilt(...files: string[]): void {
  for (const file of ['server/entry.mjs', ...files]) {
    if (!existsSync(path.join(ROOT, 'dist', file))) throw new Error('Build the site first: npm run build');
  }
}

/** Starts the server on a free port and answers once it says it is running; `env` adds to or overrides the defaults. */
export async function startServerProcess(options: { databaseUrl: string; dataDir: string; env?: (url: string) => Record<string, string> }): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, DATABASE_URL: options.databaseUrl,
      APP_SECRET: TEST_SECRET, WORKER: 'off', SEED_DEMO_DATA: 'off', LOG_LEVEL: 'info', ...options.env?.(url),
    },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Talentloop is running')) {
        child.stdout.off('data', onData);
        child.stderr.off('data', onData);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server.ts exited with ${code}:\n${output}`)));
  });
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  let stopping = false;
  // A server that fails on its own is the finding, not the failed request after it: say why it died. (A test
  // that kills it or drains it by its pid gets a signal or exit code 0: nothing to say.)
  child.once('exit', (code) => {
    if (!stopping && code !== null && code !== 0) process.stderr.write(`server.ts (${url}) failed with exit code ${code}; its last output:\n${output.slice(-8_000)}\n`);
  });
  return {
    url,
    output: () => output,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
