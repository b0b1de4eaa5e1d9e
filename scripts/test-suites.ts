// `npm test`: Astro's types once, then the type check and lint side by side, then (when both
// pass) the vitest suites and the Playwright browser tests side by side. The two share nothing: vitest starts its
// own embedded PostgreSQL on a random port, Playwright two `node server.ts` (4410, 4411) with
// their own data folders. Most of either run is waiting (on PostgreSQL, timers, the
// browser), so on 2 cores the pair takes little longer than the browser tests alone
// (decision 026). Each line is prefixed with its suite; the exit code is the first
// failure's, so a red suite fails `npm test`.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

type Suite = { name: string; script: string };

/** Each stage runs its scripts side by side; a stage starts only when the one before passed. */
const STAGES: Suite[][] = [
  [{ name: 'sync', script: 'sync' }],
  [{ name: 'types', script: 'check:types' }, { name: 'lint', script: 'check:lint' }],
  [{ name: 'unit', script: 'test:unit' }, { name: 'e2e', script: 'test:e2e' }],
];

function run({ name, script }: Suite): Promise<{ name: string; code: number; ms: number }> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => { process.stdout.write(prefix + line + '\n'); });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), ms: Date.now() - started }));
  });
}

for (const stage of STAGES) {
  const results = await Promise.all(stage.map(run));
  for (const { name, code, ms } of results) {
    process.stdout.write(`${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${(ms / 1000).toFixed(0)} s\n`);
  }
  const failed = results.find((r) => r.code !== 0);
  if (failed) process.exit(failed.code);
}
