// Candidate list benchmark: GET /api/candidates?limit=10000 (what the compose
// dialog asks for) against the real server (`node server.ts`, gzip on) on
// loopback, with 100,000 generated candidates: p50/p95 latency to the last
// byte, and the response size raw and gzipped. Also a filtered page of 50 (with its total, and as the people page
// asks it: the rows, then the count apart), a free-text page and a deep page. Uses its own temporary data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { derivedSecret } from '#platform/runtime/boot.server.ts';
import type { Config } from '#platform/runtime/config.server.ts';
import { generateCandidates } from '#demo/demo-candidates.server.ts';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.ts';
import { signInCookie } from './support/sign-in.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const COMPOSE_FIELDS = 'id,name,email,phone,whatsappNumber,allowsEmail,allowsWhatsapp,talentPoolId';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** Owner connection to the server's embedded database, for generating data. */
  owner: pg.Pool;
  cookie: string;
  stop(): Promise<void>;
}

/** Starts `node server.ts` on a fresh data folder (demo users, worker off) and signs in as the recruiter. */
export async function startBenchServer(label: string, port: number, pgPort: number): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `talentloop-bench-${label}-`));
  const appSecret = `bench-${label}-app-secret`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server.ts'], {
    cwd: ROOT, detached: true, stdio: 'ignore',
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), APP_SECRET: appSecret, WORKER: 'off' },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try { process.kill(-child.pid!, 'SIGINT'); } catch { /* gone already */ }
      await Promise.race([exited, sleep(15_000)]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('server did not become healthy');
      try { if ((await fetch(`${url}/api/health`)).ok) break; } catch { /* not up yet */ }
      await sleep(50);
    }
    const cookie = await signInCookie(url);
    const password = derivedSecret({ appSecret } as Config, 'embedded postgres superuser');
    const owner = new pg.Pool({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/talentloop`, max: 2 });
    return { url, child, owner, cookie, stop: async () => { await owner.end(); await stop(); } };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resident memory of a process now, and its peak since the last resetPeakRss (MiB). */
export function rss(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]);
  return { now: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) };
}

/** Lets VmHWM measure from now on (Linux: writing 5 to clear_refs resets the peak). False if not allowed. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** GET with gzip: time to the last byte, bytes on the wire, and the decompressed body. */
function get(url: string, cookie: string): Promise<{ ms: number; gzipBytes: number; body: Buffer; status: number; total: string | undefined }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http.get(url, { headers: { cookie, 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const ms = performance.now() - started;
        const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ ms, gzipBytes: wire.length, body, status: response.statusCode!, total: response.headers['x-total-count'] as string | undefined });
      });
    }).on('error', reject);
  });
}

function percentile(sorted: number[], p: number) {
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
}

async function timed(url: string, cookie: string, times: number) {
  await get(url, cookie);
  const samples: number[] = [];
  let last = await get(url, cookie);
  for (let i = 0; i < times; i++) {
    last = await get(url, cookie);
    if (last.status !== 200) throw new Error(`${url} answered ${last.status}: ${last.body.toString().slice(0, 200)}`);
    samples.push(last.ms);
  }
  samples.sort((a, b) => a - b);
  return { last, p50_ms: percentile(samples, 50), p95_ms: percentile(samples, 95) };
}

export async function run() {
  const server = await startBenchServer('list', 4490, 55490);
  try {
    const generated = await generateCandidates(server.owner, { count: 100_000 - 200 });
    await server.owner.query('vacuum analyze');
    const rssBefore = rss(server.child.pid!).now;
    const list = await timed(`${server.url}/api/candidates?limit=10000`, server.cookie, 30);
    const rows = (JSON.parse(list.last.body.toString()) as unknown[]).length;
    // What the compose dialog needs: names, addresses and consent.
    const compose = await timed(`${server.url}/api/candidates?limit=10000&fields=${COMPOSE_FIELDS}`, server.cookie, 30);
    const FILTERS = 'seniority=senior&consent=email';
    const filtered = await timed(`${server.url}/api/candidates?limit=50&${FILTERS}&sort=leadScore&dir=desc`, server.cookie, 30);
    // What the people page asks (decision 065): the page without its total, and the total once per filter.
    const filteredRows = await timed(`${server.url}/api/candidates?limit=50&${FILTERS}&sort=leadScore&dir=desc&count=false`, server.cookie, 30);
    const filteredCount = await timed(`${server.url}/api/candidates/count?${FILTERS}`, server.cookie, 30);
    const text = await timed(`${server.url}/api/candidates?limit=50&q=amsterdam%20python`, server.cookie, 30);
    const deep = await timed(`${server.url}/api/candidates?limit=50&offset=90000`, server.cookie, 30);
    return {
      name: 'candidates-list',
      candidates: Number(list.last.total),
      generate_s: Number((generated.ms / 1000).toFixed(1)),
      limit_10000: {
        rows, p50_ms: list.p50_ms, p95_ms: list.p95_ms,
        raw_bytes: list.last.body.length, gzip_bytes: list.last.gzipBytes,
      },
      limit_10000_compose_fields: {
        fields: COMPOSE_FIELDS, p50_ms: compose.p50_ms, p95_ms: compose.p95_ms,
        raw_bytes: compose.last.body.length, gzip_bytes: compose.last.gzipBytes,
      },
      page_50_filtered_sorted_by_lead_score: { p50_ms: filtered.p50_ms, p95_ms: filtered.p95_ms, total: Number(filtered.last.total) },
      people_page_filtered: {
        rows_without_total: { p50_ms: filteredRows.p50_ms, p95_ms: filteredRows.p95_ms },
        count: { p50_ms: filteredCount.p50_ms, p95_ms: filteredCount.p95_ms, total: (JSON.parse(filteredCount.last.body.toString()) as { total: number }).total },
      },
      page_50_free_text: { p50_ms: text.p50_ms, p95_ms: text.p95_ms, total: Number(text.last.total) },
      page_50_offset_90000: { p50_ms: deep.p50_ms, p95_ms: deep.p95_ms },
      server_rss_mib: { before: rssBefore, after: rss(server.child.pid!).now },
    };
  } finally {
    await server.stop();
  }
}
