// `npm start` after a crash: a SIGKILLed parent leaves PostgreSQL running; the
// next start must stop that leftover and come up, keeping the data.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '#platform/db/embedded.server.ts';
import { budget } from '../support/time-scale.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-recovery-'));
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

/** Starts the server in a child process on a port of its choosing; resolves with its owner URL. */
function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../support/embedded-child.ts'), dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const ready = /^ready (\S+)/m.exec(chunk.toString());
      if (ready) resolve({ child, url: ready[1] });
    });
    child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

describe('embedded PostgreSQL after the app was killed', () => {
  it('stops the leftover server, starts again and keeps the data', { timeout: budget(60_000) }, async () => {
    const { child, url } = await startChild();
    childPid = child.pid;
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

    // No port given: it comes back on the one it had, which stopping the leftover freed.
    const restarted = await startEmbeddedPostgres({ dataDir, password: 'child', fast: true, log: () => undefined });
    expect(restarted.ownerUrl).toBe(url);
    const after = new pg.Client({ connectionString: restarted.ownerUrl });
    await after.connect();
    const { rows } = await after.query('select note from kept');
    await after.end();
    expect(rows).toEqual([{ note: 'still here' }]);

    await restarted.stop();
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
