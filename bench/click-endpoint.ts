// The click endpoint under load: 200 concurrent connections follow tracked
// links (GET /t/c/{token}?l=N → 302) through the server path of server.ts (the
// /t/* forward into the API, the per-address rate limit, the token lookup, the
// engagement-record job queued with pg-boss and recorded by the in-process
// worker), on a temporary embedded PostgreSQL with 1,000 sent messages.
// Figures: per request as the client sees it (p50/p95, requests/s) and as the
// server sees it (from the request reaching the server's handler to the answer).
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { HttpBindings } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createAuth } from '#platform/auth/better-auth.server.ts';
import { clientIp } from '#platform/http/client-ip.server.ts';
import { openDatabase } from '#platform/db/pools.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { QUEUES } from '#platform/runtime/jobs.server.ts';
import { createApi } from '#edge-functions/app.ts';
import { startWorker } from '#worker/index.ts';
import { registerEngagementRecordJobs } from '#worker/jobs/engagement-record.ts';
import { benchDatabase } from './support/database.ts';

const MESSAGES = 1_000;
const CONNECTIONS = 200;
const DURATION_SECONDS = 10;
const APP_SECRET = 'bench-click-endpoint-app-secret';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (ms: number) => Number(ms.toFixed(2));

export async function run() {
  const database = await benchDatabase('click_endpoint', { fast: true });
  const pools = await openDatabase(database.url, APP_SECRET);
  let server: ReturnType<typeof serve> | undefined;
  let authService: Awaited<ReturnType<typeof createAuth>> | undefined;
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  try {
    await pools.owner.query(
      `insert into public.candidates (name, email) select 'Candidate ' || g, 'candidate' || g || '@example.com' from generate_series(1, $1) g`, [MESSAGES]);
    await pools.owner.query(`insert into public.consent_events (candidate_id, channel, granted, source, wording)
                             select id, 'email', true, 'seed', 'Bench data' from public.candidates`);
    const { rows: messages } = await pools.owner.query<{ tracking_token: string }>(
      `insert into public.messages (candidate_id, direction, channel, subject, content, status, sent_at, tracked_links)
       select id, 'out', 'email', 'A role', 'See https://jobs.example.org/' || id || ' and https://blog.example.org/', 'sent',
              now() - interval '1 hour', array['https://jobs.example.org/' || id, 'https://blog.example.org/']
         from public.candidates returning tracking_token`);
    await pools.owner.query('vacuum analyze');

    const app = new Hono<{ Bindings: HttpBindings }>();
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = { ...loadConfig(), publicUrl: baseUrl, appSecret: APP_SECRET, trustProxy: { kind: 'hops' as const, hops: 1 } };
    authService = await createAuth({ ownerUrl: database.url, secret: 'bench-better-auth-secret-0123456789', baseURL: baseUrl, trustedOrigins: [], secureCookies: false });
    worker = await startWorker(database.url, pools, config);
    await worker.boss.createQueue(QUEUES.engagementScore);
    await registerEngagementRecordJobs(worker.boss, { pools, jobs: worker.jobs });
    const api = createApi({
      pools, identity: authService.identity, config, jobs: worker.jobs,
      // As server.ts: the address (here from X-Forwarded-For: each connection stands for another reader).
      clientIp: (c) => clientIp(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), config.trustProxy),
    });
    const serverMs: number[] = [];
    // The forward of server.ts, timed from the server's side.
    app.get('/t/:kind{[oc]}/:token', async (c) => {
      const began = performance.now();
      const url = new URL(c.req.url);
      url.pathname = `/api/t/${c.req.param('kind')}/${encodeURIComponent(c.req.param('token'))}`;
      const response = await api.fetch(new Request(url, { headers: c.req.raw.headers }), c.env);
      serverMs.push(performance.now() - began);
      return response;
    });

    const requests = Array.from({ length: CONNECTIONS }, (_, i) => ({
      method: 'GET' as const, path: `/t/c/${messages[i % messages.length].tracking_token}?l=${i % 2}`,
      headers: { 'x-forwarded-for': `10.${Math.floor(i / 250)}.${i % 250}.1`, 'user-agent': 'Mozilla/5.0 (bench) Chrome/126.0 Safari/537.36' },
    }));
    const load = (seconds: number, connections = CONNECTIONS) => new Promise<{ result: autocannon.Result }>((resolve, reject) => {
      // The load generator in a thread of its own: its event loop is not the server's.
      const instance = autocannon({ url: baseUrl, connections, duration: seconds, requests, workers: 1 },
        (error, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve({ result })));
      void instance;
    });
    await load(2); // warm-up: connections, plans, JIT
    serverMs.length = 0;
    const { result } = await load(DURATION_SECONDS);
    const loadedServerMs = serverMs.splice(0).sort((a, b) => a - b);
    // One connection: what one click costs the server when it is not sharing the CPU with 199 others
    // (with 200 closed-loop connections, latency is 200 / throughput whatever the handler does).
    await load(3, 1);
    const aloneMs = serverMs.splice(0).sort((a, b) => a - b);
    // The recording trails the answers (one event per message, link and hour): counted as it stands now.
    const { rows: [recorded] } = await pools.owner.query<{ n: number }>(`select count(*)::int as n from public.engagement_events where kind = 'click'`);
    const { rows: jobStates } = await pools.owner.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from pgboss.job where name = $1 group by state`, [QUEUES.engagementRecord]);
    return {
      name: 'click-endpoint',
      measured: `GET /t/c/{token}?l=N → 302 over HTTP, ${CONNECTIONS} connections for ${DURATION_SECONDS} s after a 2 s warm-up, ` +
        `${MESSAGES} sent messages, ${CONNECTIONS} client addresses; load generator (autocannon), server and worker in one process on this machine`,
      requests: result.requests.total,
      non_3xx: result.requests.total - (result['3xx'] ?? 0),
      requests_per_second: Math.round(result.requests.average),
      // autocannon's histogram has p90 and p97.5, not p95.
      client_p50_ms: round(result.latency.p50),
      client_p90_ms: round(result.latency.p90),
      client_p97_5_ms: round(result.latency.p97_5),
      server_p50_ms: round(percentile(loadedServerMs, 50)),
      server_p95_ms: round(percentile(loadedServerMs, 95)),
      one_connection_server_p50_ms: round(percentile(aloneMs, 50)),
      one_connection_server_p95_ms: round(percentile(aloneMs, 95)),
      click_events_recorded: recorded.n,
      record_jobs_by_state: Object.fromEntries(jobStates.map((row) => [row.state, row.n])),
      target: 'p95 ≤ 10 ms at the server',
    };
  } finally {
    await worker?.stop().catch(() => undefined);
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await authService?.close();
    await pools.close();
    await database.stop();
  }
}
