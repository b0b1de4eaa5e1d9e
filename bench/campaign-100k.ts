// A 100,000-recipient pool campaign (issue 12, "Scale"): from Launch (POST
// /api/campaigns due now, over HTTP as the browser sends it) until the loopback
// SMTP sink accepted every message, through the real path (dispatch: consent
// check and personalisation per recipient; mail jobs; claim → send → record on
// 5 SMTP connections), beside plain nodemailer sending the same 100,000 messages
// to the same sink on the same number of connections, in the same run. The API
// and the worker share this process, as in server.ts; the sink, the
// GET /api/auth/me probe and plain nodemailer (Node's default heap) each run in a
// process of their own. Also: peak RSS of this process (sampled every 100 ms), the
// probe's latency during the send, and the machine's busy cores in each phase.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createAuth } from '#platform/auth/better-auth.server.ts';
import { dbTimeouts, openDatabase } from '#platform/db/pools.server.ts';
import { DEMO_RECRUITER, seedDemoData } from '#demo/demo.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { SMTP_CONNECTIONS } from '#platform/mail/smtp.server.ts';
import { createApi } from '#edge-functions/app.ts';
import { startWorker } from '#worker/index.ts';
import { BENCH_CONTENT, BENCH_SUBJECT } from './support/campaign-texts.ts';
import { benchDatabase } from './support/database.ts';
import { signInCookie } from './support/sign-in.ts';
import { processCpuSeconds, treeCpuSeconds } from './support/process-cpu.ts';

const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 100_000);
/** The app pool's per-statement limit: the dispatch's chunks (decision 021) fit the default; DB_STATEMENT_TIMEOUT_MS may change it. */
const STATEMENT_MS = Number(process.env.DB_STATEMENT_TIMEOUT_MS ?? dbTimeouts().statementMs);
const APP_SECRET = 'bench-campaign-100k-app-secret';

/** The whole machine's CPU (all processes: this one, PostgreSQL, the sink, the probe), from /proc/stat, in core-seconds. */
function machineCpu(): { busy: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return { busy: (user + nice + system + irq + softirq + steal) / 100 };
}
const busyCores = (from: { busy: number }, to: { busy: number }, seconds: number) => Number(((to.busy - from.busy) / seconds).toFixed(2));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** The sink in its own process; `count()` asks it how many it accepted. */
async function sinkProcess(): Promise<{ url: string; count(): Promise<number>; stop(): void; child: ChildProcess }> {
  const child = fork(path.join(import.meta.dirname, 'support/smtp-sink-process.ts'), [], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return {
    url, child,
    count: () => new Promise<number>((resolve) => { child.once('message', (m: { count: number }) => resolve(m.count)); child.send('count'); }),
    stop: () => child.disconnect(),
  };
}

export async function run() {
  const database = await benchDatabase('campaign100k');
  const pools = await openDatabase(database.url, APP_SECRET, 10, { ...dbTimeouts(), statementMs: STATEMENT_MS });
  const sink = await sinkProcess();
  let server: ReturnType<typeof serve> | undefined;
  let authService: Awaited<ReturnType<typeof createAuth>> | undefined;
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  let stopProbing = () => Promise.resolve();
  try {
    const app = new Hono();
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    authService = await createAuth({ ownerUrl: database.url, secret: 'bench-better-auth-secret-0123456789', baseURL: baseUrl, trustedOrigins: [], secureCookies: false });
    await seedDemoData(authService, pools.owner);

    // The pool: consent only through the ledger (decision 008), set-based.
    let began = performance.now();
    const { rows: [pool] } = await pools.owner.query<{ id: number }>(`insert into public.talent_pools (name) values ('Bench 100k') returning id`);
    // In chunks of 10,000: each statement stays within the database's statement timeout at 100,000 recipients.
    for (let from = 1; from <= RECIPIENTS; from += 10_000) {
      const { rows: [added] } = await pools.owner.query<{ ids: string[] }>(
        `with added as (
           insert into public.candidates (name, email, job_function, location)
           select 'Bench' || g || ' Person', 'bench-' || g || '@example.com', 'Backend Engineer', 'Utrecht'
             from generate_series($1::int, least($1::int + 9999, $2::int)) g returning id)
         select array_agg(id) as ids from added`, [from, RECIPIENTS]);
      await pools.owner.query(
        `insert into public.consent_events (candidate_id, channel, granted, source, wording)
         select id, 'email', true, 'seed', 'Bench data' from unnest($1::bigint[]) id`, [added.ids]);
    }
    await pools.owner.query(
      `insert into public.talent_pool_members (talent_pool_id, candidate_id) select $1, id from public.candidates where email like 'bench-%@example.com'`, [pool.id]);
    await pools.owner.query('vacuum analyze');
    const seedSeconds = seconds(performance.now() - began);

    const config = {
      ...loadConfig(), publicUrl: baseUrl, appSecret: APP_SECRET,
      smtp: { url: sink.url, from: 'Talentloop Recruiting <recruiting@talentloop.test>' },
      graph: { tenantId: undefined, clientId: undefined, clientSecret: undefined, mailbox: undefined, authorityHost: undefined, baseUrl: undefined },
      openai: { apiKey: undefined, baseURL: undefined, model: 'none', timeoutMs: 60_000 },
      // The bench measures the pipeline, not the bulk-sender limits.
      senderLimits: { dailyCap: null, perMinute: null },
    };
    worker = await startWorker(database.url, pools, config);
    const api = createApi({ pools, identity: authService.identity, config, clientIp: () => '127.0.0.1', jobs: worker.jobs });
    app.all('/api/*', (c) => api.fetch(c.req.raw));
    const cookie = await signInCookie(baseUrl);
    const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
    for (let i = 0; i < 5; i++) await fetch(`${baseUrl}/api/auth/me`, { headers });

    // 1. The product: Launch → every message accepted by the sink.
    const before = await sink.count();
    global.gc?.();
    let peakRss = process.memoryUsage().rss;
    const rssBefore = peakRss;
    let sampling = true;
    let peakHeap = 0;
    const sampler = (async () => {
      while (sampling) {
        const memory = process.memoryUsage();
        peakRss = Math.max(peakRss, memory.rss);
        peakHeap = Math.max(peakHeap, memory.heapUsed);
        await sleep(100);
      }
    })();
    // The probe runs in a process of its own, as the sink does: a browser's CPU is not the server's.
    const probe = fork(path.join(import.meta.dirname, 'support/auth-me-probe-process.ts'), [baseUrl, cookie], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const probed = new Promise<{ times: number[]; notOk: number; failure: string | null }>((resolve) => {
      probe.once('message', resolve);
      probe.once('exit', (code) => resolve({ times: [], notOk: 0, failure: `the probe process ended (exit ${code})` }));
    });
    let probeResult: Awaited<typeof probed> | null = null;
    stopProbing = async () => {
      sampling = false;
      if (probe.connected) probe.send('stop');
      probeResult ??= await probed;
      await sampler;
    };
    // The rows each table took, and the rows read by scanning it whole (a plan that reads a table per message shows here).
    const tableWrites = async () => (await pools.owner.query<{ relname: string; upd: number; hot: number; ins: number; seq: number; seqRows: number }>(
      `select relname, n_tup_upd::int as upd, n_tup_hot_upd::int as hot, n_tup_ins::int as ins,
              seq_scan::int as seq, seq_tup_read::bigint::float8 as "seqRows" from pg_stat_user_tables
        where schemaname = 'public' and relname in ('messages', 'campaign_recipients', 'engagement_daily')`)).rows;
    const writesBefore = await tableWrites();
    const statements = process.env.BENCH_PG_STATEMENTS === 'on';
    if (statements) await pools.owner.query('create extension if not exists pg_stat_statements; select pg_stat_statements_reset()');
    const cpuBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    const pgCpuBefore = treeCpuSeconds(database.pid());
    const sinkCpuBefore = processCpuSeconds(sink.child.pid!);
    began = performance.now();
    const launched = await fetch(`${baseUrl}/api/campaigns`, {
      method: 'POST', headers,
      body: JSON.stringify({ name: 'Bench 100k', campaignType: 'nurture', talentPoolId: pool.id, emailSubject: BENCH_SUBJECT, emailContent: BENCH_CONTENT,
        messageTemplate: BENCH_CONTENT, scheduledAt: new Date().toISOString() }),
    });
    const launchMs = performance.now() - began;
    let launchRefused: string | null = null;
    let campaignId: number;
    if (launched.status === 201) {
      campaignId = ((await launched.json()) as { campaign: { id: number } }).campaign.id;
    } else {
      // Reported, then the same campaign is stored the way createCampaign does and its dispatch queued, so the rest is measured.
      launchRefused = `${launched.status} ${(await launched.text()).slice(0, 300)}`;
      const { rows: [row] } = await pools.owner.query<{ id: number }>(
        `insert into public.campaigns (name, campaign_type, talent_pool_id, email_subject, email_content, message_template, status, scheduled_at, created_by)
         select 'Bench 100k', 'nurture', $1, $2, $3, $3, 'scheduled', now(), id from public.profiles where username = $4 returning id`,
        [pool.id, BENCH_SUBJECT, BENCH_CONTENT, DEMO_RECRUITER.username]);
      campaignId = row.id;
      began = performance.now(); // the time of the refused request is launch_request_ms, not part of the send
      await worker.jobs.send(QUEUES.campaignDispatch, [{ data: { campaignId } }]);
    }
    let dispatchedMs = 0;
    let firstChunkMs = 0;
    let firstAcceptedMs = 0;
    let rssAtDispatched = 0;
    for (;;) {
      const accepted = (await sink.count()) - before;
      if (!firstAcceptedMs && accepted > 0) firstAcceptedMs = performance.now() - began;
      if (!dispatchedMs) {
        const { rows: [row] } = await pools.owner.query<{ status: string; dispatching: boolean }>(
          'select status, dispatch_cursor is not null as dispatching from public.campaigns where id = $1', [campaignId]);
        if (row.status !== 'scheduled' && !firstChunkMs) firstChunkMs = performance.now() - began;
        if (row.status !== 'scheduled' && !row.dispatching) { dispatchedMs = performance.now() - began; rssAtDispatched = process.memoryUsage().rss; }
      }
      if (accepted >= RECIPIENTS) break;
      if (performance.now() - began > 1_800_000) throw new Error(`only ${accepted} of ${RECIPIENTS} accepted after 30 min`);
      await sleep(50);
    }
    const pipelineSeconds = (performance.now() - began) / 1000;
    const pipelineCpu = process.cpuUsage(cpuBefore);
    const pipelineMachine = busyCores(machineBefore, machineCpu(), pipelineSeconds);
    const pipelinePgCpu = treeCpuSeconds(database.pid()) - pgCpuBefore;
    const pipelineSinkCpu = processCpuSeconds(sink.child.pid!) - sinkCpuBefore;
    const probeCpu = processCpuSeconds(probe.pid!);
    await stopProbing();
    const { rows: [recorded] } = await pools.owner.query<{ sent: number; status: string }>(
      `select (select count(*)::int from public.messages where campaign_id = $1 and status = 'sent') as sent,
              (select status from public.campaigns where id = $1) as status`, [campaignId]);
    await worker.stop();
    worker = undefined;
    // Statistics reach the views within a second of each transaction's end.
    await sleep(1500);
    const writes = Object.fromEntries((await tableWrites()).map((row) => {
      const was = writesBefore.find((b) => b.relname === row.relname) ?? { upd: 0, hot: 0, ins: 0, seq: 0, seqRows: 0 };
      return [row.relname, { inserted: row.ins - was.ins, updated: row.upd - was.upd, hot_updated: row.hot - was.hot,
        whole_scans: row.seq - was.seq, rows_read_by_whole_scans: row.seqRows - was.seqRows }];
    }));
    const topStatements = statements ? (await pools.owner.query<{ query: string; calls: number; ms: number }>(
      `select left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query, calls::int, round(total_exec_time)::int as ms
         from pg_stat_statements order by total_exec_time desc limit 15`)).rows : undefined;

    // 2. Plain nodemailer: the same 100,000 personalised messages, same sink, same number of connections, from
    // a plain script (its own process, Node's default heap).
    const baseline = fork(path.join(import.meta.dirname, 'support/nodemailer-baseline-process.ts'),
      [sink.url, config.smtp.from, config.publicUrl, String(RECIPIENTS)], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await new Promise<void>((resolve, reject) => { baseline.once('message', () => resolve()); baseline.once('exit', (code) => reject(new Error(`the nodemailer baseline ended (exit ${code})`))); });
    const beforeRaw = await sink.count();
    const rawMachineBefore = machineCpu();
    const rawSinkCpuBefore = processCpuSeconds(sink.child.pid!);
    began = performance.now();
    const raw = await new Promise<{ seconds: number; cpuSeconds: number }>((resolve) => { baseline.once('message', resolve); baseline.send('go'); });
    const rawSeconds = raw.seconds;
    const rawMachine = busyCores(rawMachineBefore, machineCpu(), (performance.now() - began) / 1000);
    const rawSinkCpu = processCpuSeconds(sink.child.pid!) - rawSinkCpuBefore;
    const rawAccepted = (await sink.count()) - beforeRaw;
    // CPU per email in milliseconds, by process: the machine's work for one email, whatever else the machine runs.
    const perEmail = (coreSeconds: number) => Number((coreSeconds * 1000 / RECIPIENTS).toFixed(3));
    const pipelineProcessCpu = (pipelineCpu.user + pipelineCpu.system) / 1e6;

    return {
      name: 'campaign-100k',
      recipients: RECIPIENTS,
      smtp_connections: SMTP_CONNECTIONS,
      seed_seconds: seedSeconds,
      launch_to_all_accepted_seconds: Math.round(pipelineSeconds * 10) / 10,
      nodemailer_direct_seconds: Math.round(rawSeconds * 10) / 10,
      ratio_pipeline_to_nodemailer: Number((pipelineSeconds / rawSeconds).toFixed(2)),
      goal_ratio: 1.2,
      /** CPU per email (ms): this process (API, worker), PostgreSQL (postmaster and backends), the sink; the probe's apart. */
      cpu_ms_per_email: {
        pipeline: {
          machine: perEmail(pipelineProcessCpu + pipelinePgCpu + pipelineSinkCpu),
          process: perEmail(pipelineProcessCpu), postgresql: perEmail(pipelinePgCpu), sink: perEmail(pipelineSinkCpu), probe: perEmail(probeCpu),
        },
        nodemailer: { machine: perEmail(raw.cpuSeconds + rawSinkCpu), process: perEmail(raw.cpuSeconds), sink: perEmail(rawSinkCpu) },
      },
      goal_machine_cpu_ms_per_email: 1.3,
      /** Row writes during the send (pg_stat_user_tables): a HOT update writes no index entry. */
      table_writes: writes,
      /** With BENCH_PG_STATEMENTS=on: PostgreSQL's statements by total time during the send. */
      top_statements: topStatements,
      launch_request_ms: Math.round(launchMs),
      launch_refused: launchRefused,
      launch_to_first_chunk_seconds: seconds(firstChunkMs),
      launch_to_dispatched_seconds: seconds(dispatchedMs),
      launch_to_first_accepted_seconds: seconds(firstAcceptedMs),
      /** CPU of this process (API, worker, bench) per wall second: near 1 means one core is the limit. */
      pipeline_cpu_per_second: Number(((pipelineCpu.user + pipelineCpu.system) / 1e6 / pipelineSeconds).toFixed(2)),
      nodemailer_cpu_per_second: Number((raw.cpuSeconds / rawSeconds).toFixed(2)),
      /** This process's heap limits (package.json "config".node_heap, as `npm start` runs the server); the baseline runs without. */
      server_node_flags: process.execArgv.filter((flag) => flag.startsWith('--max-')).join(' ') || 'none',
      /** Busy cores of the whole machine (this process, PostgreSQL, the sink, the probe) per wall second, of 2. */
      pipeline_machine_busy_cores: pipelineMachine,
      nodemailer_machine_busy_cores: rawMachine,
      peak_rss_mb: mb(peakRss),
      rss_before_launch_mb: mb(rssBefore),
      peak_heap_used_mb: mb(peakHeap),
      rss_at_dispatched_mb: mb(rssAtDispatched),
      goal_peak_rss_mb: 300,
      auth_me_requests: probeResult!.times.length,
      auth_me_p50_ms: Math.round(percentile(probeResult!.times, 50) * 10) / 10,
      auth_me_p95_ms: Math.round(percentile(probeResult!.times, 95) * 10) / 10,
      auth_me_max_ms: Math.round(Math.max(...probeResult!.times)),
      auth_me_not_200: probeResult!.notOk,
      auth_me_probe_failure: probeResult!.failure,
      goal_auth_me_p95_ms: 100,
      recorded_sent: recorded.sent,
      campaign_status: recorded.status,
      nodemailer_accepted: rawAccepted,
      duplicates: (await sink.count()) - before - RECIPIENTS - rawAccepted,
      db_statement_timeout_ms: STATEMENT_MS,
      database: 'embedded PostgreSQL, fsync on; API, worker and the bench in one process, the sink in another',
    };
  } finally {
    await stopProbing();
    await worker?.stop().catch(() => undefined);
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await authService?.close();
    await pools.close();
    sink.stop();
    await database.stop();
  }
}
