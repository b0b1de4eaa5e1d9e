// `npm start` after a crash: a SIGKILLed parent leaves PostgreSQL running; the
// next start must stop that leftover and come up, keeping the data.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../domain/db/embedded.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-recovery-'));
const port = 58000 + Math.floor(Math.random() * 1000);
let childPid: number | undefined;
afterAll(() => {
  // Whatever happened, leave no PostgreSQL behind.
  try { if (childPid) process.kill(childPid, 'SIGKILL'); } catch { /* gone */ }
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile)) {
    try { process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT'); } catch { /* gone */ }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function startChild(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../support/embedded-child.ts'), dataDir, String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready')) resolve(child); });
    child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

describe('embedded PostgreSQL after the app was killed', () => {
  it('stops the leftover server, starts again and keeps the data', { timeout: 60_000 }, async () => {
    const child = await startChild();
    childPid = child.pid;
    const url = `postgres://postgres:child@127.0.0.1:${port}/postgres`;
    const before = new pg.Client({ connectionString: url });
    await before.connect();
    await before.query('create table kept (note text)');
    await before.query('insert into kept values ($1)', ['still here']);
    await before.end();

    // The crash: the app dies at once, PostgreSQL stays behind.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const postmasterPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(postmasterPid, 0)).not.toThrow(); // orphaned, still running

    const restarted = await startEmbeddedPostgres({ dataDir, port, password: 'child', fast: true, log: () => undefined });
    const after = new pg.Client({ connectionString: restarted.ownerUrl });
    await after.connect();
    const { rows } = await after.query('select note from kept');
    await after.end();
    expect(rows).toEqual([{ note: 'still here' }]);

    await restarted.stop();
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
