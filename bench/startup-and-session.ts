// Foundation benchmark: time from `npm start` to the first 200 on /api/health
// (fresh and existing data folder; the restart on an unchanged checkout skips the
// build, scripts/build-if-changed.ts), with the CPU the whole start used (npm, the
// server, PostgreSQL: the process tree, core-seconds), GET /api/auth/me
// under 50 connections for 10 s, and the server's memory after that.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { treeCpuSeconds } from './support/process-cpu.ts';
import { signInCookie } from './support/sign-in.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitForHealth(url: string, child: ChildProcess, limitMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return performance.now() - started;
    } catch { /* not listening yet */ }
    await sleep(25);
  }
  throw new Error('server did not become healthy');
}

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try { process.kill(-child.pid!, 'SIGINT'); } catch { /* already gone */ }
  await Promise.race([exited, sleep(15_000)]);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

export async function run() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'talentloop-bench-'));
  const port = 4480;
  const url = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: '55480' };
  try {
    const startup: Record<string, number> = {};
    for (const label of ['fresh_data_folder_ms', 'existing_data_folder_ms']) {
      const child = start('npm', ['start', '--silent'], env);
      startup[label] = Math.round(await waitForHealth(url, child));
      startup[label.replace(/_ms$/, '_cpu_s')] = Number(treeCpuSeconds(child.pid!).toFixed(2));
      await stop(child);
    }
    // The server alone, without `npm start`'s build step, for comparison.
    const serverOnly = start(process.execPath, ['server.ts'], env);
    startup.server_only_existing_data_folder_ms = Math.round(await waitForHealth(url, serverOnly));

    const cookie = await signInCookie(url);
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: `${url}/api/auth/me`, connections: 50, duration: 10, headers: { cookie } },
        (error, res) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(res)));
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    latencies.sort((a, b) => a - b);
    const rss = rssMiB(serverOnly.pid!);
    await stop(serverOnly);
    return {
      name: 'startup-and-session',
      startup,
      auth_me_50_connections_10s: {
        requests: result.requests.total,
        non_2xx: result.non2xx,
        requests_per_second: Math.round(result.requests.average),
        p50_ms: Number(percentile(latencies, 50).toFixed(2)),
        p95_ms: Number(percentile(latencies, 95).toFixed(2)),
      },
      server_rss_after_mib: Math.round(rss),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
