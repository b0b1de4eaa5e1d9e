// Several checkouts and test runs side by side: with no port configured each data
// folder gets a free port, keeps it across restarts, and moves when it is taken.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#platform/db/embedded.server.ts';
import { until } from '../support/until.ts';
import { budget } from '../support/time-scale.ts';

const dataDirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  // Whatever happened, leave no PostgreSQL and no folder behind.
  for (const child of children) {
    try { child.kill('SIGKILL'); } catch { /* gone */ }
  }
  for (const dataDir of dataDirs) {
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      try { process.kill(pid, 'SIGINT'); } catch { /* gone */ }
      // It writes into its folder while shutting down: remove the folder only after.
      await until(() => Promise.resolve(existsSync(pidFile)), (running) => !running, 30_000);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-ports-'));
  dataDirs.push(dataDir);
  return dataDir;
}

function start(dataDir: string, port?: number): Promise<EmbeddedDatabase> {
  return startEmbeddedPostgres({ dataDir, port, password: 'ports', fast: true, log: () => undefined });
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Holds 127.0.0.1:`port` (0: any free one) the way another program would. */
function occupy(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => resolve(server));
  });
}

describe('embedded PostgreSQL ports', () => {
  it('runs two data folders with no port configured at the same time', { timeout: budget(90_000) }, async () => {
    const [first, second] = await Promise.all([start(newDataDir()), start(newDataDir())]);
    try {
      expect(first.port).not.toBe(second.port);
      expect(await query(first.ownerUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
      expect(await query(second.ownerUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('comes back on the same port after a restart, with its data', { timeout: budget(90_000) }, async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    await query(first.ownerUrl, `create table kept (note text); insert into kept values ('still here')`);
    await first.stop();

    const again = await start(dataDir);
    try {
      expect(again.port).toBe(first.port);
      expect(again.ownerUrl).toBe(first.ownerUrl);
      expect(await query(again.ownerUrl, 'select note from kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await again.stop();
    }
  });

  it('moves to another port when its own is taken, and keeps that one', { timeout: budget(90_000) }, async () => {
    const dataDir = newDataDir();
    const first = await start(dataDir);
    await query(first.ownerUrl, `create table kept (note text); insert into kept values ('moved')`);
    await first.stop();

    const squatter = await occupy(first.port);
    let moved: EmbeddedDatabase;
    try {
      moved = await start(dataDir);
      try {
        expect(moved.port).not.toBe(first.port);
        expect(await query(moved.ownerUrl, 'select note from kept')).toEqual([{ note: 'moved' }]);
      } finally {
        await moved.stop();
      }
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }

    // The old port is free again, but the folder now remembers the new one.
    const again = await start(dataDir);
    try {
      expect(again.port).toBe(moved.port);
    } finally {
      await again.stop();
    }
  });

  it('lets a second process on the same folder share the running server', { timeout: budget(90_000) }, async () => {
    const dataDir = newDataDir();
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../support/embedded-child.ts'), dataDir],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const ownerUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const ready = /^ready (\S+)/m.exec(chunk.toString());
        if (ready) resolve(ready[1]);
      });
      child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
    });
    const postmasterPid = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0];

    const shared = await startEmbeddedPostgres({ dataDir, password: 'child', fast: true, log: () => undefined });
    expect(shared.ownerUrl).toBe(ownerUrl);
    expect(await query(shared.ownerUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
    await shared.stop(); // leaves the owner's server alone
    expect(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]).toBe(postmasterPid);
    expect(await query(ownerUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('uses the forced port (EMBEDDED_PG_PORT) when one is given', { timeout: budget(90_000) }, async () => {
    const probe = await occupy(0);
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const server = await start(newDataDir(), port);
    try {
      expect(server.port).toBe(port);
      expect(server.ownerUrl).toContain(`@127.0.0.1:${port}/`);
      expect(await query(server.ownerUrl, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await server.stop();
    }
  });
});
