// Chaos for a whole campaign (issue 12), shared by tests/api/campaign-chaos.test.ts
// and bench/campaign-chaos.ts: a pool of consenting candidates, a campaign due now,
// a worker process (worker/main.ts) SIGKILLed at random points of the send and
// started again at once, an SMTP sink counting per recipient. At each kill it
// counts the messages in flight: accepted by the sink since the previous kill
// but not recorded 'sent' (the only mail that can go out twice).
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { bossJobQueue, QUEUES } from '#platform/runtime/jobs.server.ts';
import { BOSS_SCHEMA } from '#worker/jobs/deps.ts';
import type { SmtpSink } from './smtp-sink.ts';
import { budget } from './time-scale.ts';
import { startWorkerProcess, type WorkerEnv, type WorkerProcess } from './worker-process.ts';

export interface PoolCampaign { campaignId: number; poolId: number; emails: string[] }

/**
 * `count` consenting candidates (consent through the ledger), one pool, and a
 * campaign of it due now with {{firstName}} in subject and content. Set-based SQL.
 */
export async function poolCampaign(owner: pg.Pool, count: number, tag: string): Promise<PoolCampaign> {
  const { rows: [pool] } = await owner.query<{ id: number }>(
    `insert into public.talent_pools (name) values ($1) returning id`, [`Chaos ${tag}`]);
  const { rows: candidates } = await owner.query<{ id: number; email: string }>(
    `insert into public.candidates (name, email, job_function, location)
     select 'Chaos' || g || ' Person', 'chaos-' || $2 || '-' || g || '@example.com', 'Backend Engineer', 'Utrecht'
       from generate_series(1, $1) g returning id, email::text`, [count, tag]);
  const ids = candidates.map((c) => c.id);
  await owner.query(
    `insert into public.consent_events (candidate_id, channel, granted, source, wording)
     select id, 'email', true, 'seed', 'Chaos data' from unnest($1::bigint[]) as id`, [ids]);
  await owner.query(
    'insert into public.talent_pool_members (talent_pool_id, candidate_id) select $1, id from unnest($2::bigint[]) as id', [pool.id, ids]);
  const { rows: [campaign] } = await owner.query<{ id: number }>(
    `insert into public.campaigns (name, campaign_type, talent_pool_id, email_subject, email_content, status, scheduled_at)
     values ($1, 'nurture', $2, 'A role for you, {{firstName}}', $3, 'scheduled', now()) returning id`,
    [`Chaos ${tag}`, pool.id, 'Hi {{firstName}},\n\nWe have a new backend role in {{location}} that fits your experience. Fancy a chat next week?\n\nBest regards,\nSam']);
  return { campaignId: campaign.id, poolId: pool.id, emails: candidates.map((c) => c.email.toLowerCase()) };
}

/** Queues the campaign's dispatch job (what POST /api/campaigns does for a campaign due now). */
export async function queueDispatch(ownerUrl: string, campaignId: number): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: BOSS_SCHEMA, max: 2, supervise: false, schedule: false, migrate: false });
  await boss.start();
  try {
    await bossJobQueue(boss).send(QUEUES.campaignDispatch, [{ data: { campaignId } }]);
  } finally {
    await boss.stop({ graceful: false });
  }
}

export interface ChaosResult {
  recipients: number;
  kills: number;
  lost: number;
  /** Copies beyond the first, summed over recipients. */
  duplicates: number;
  recipients_sent_twice_or_more: number;
  copies_per_recipient_max: number;
  /** Per kill: accepted since the previous kill and not recorded sent. */
  in_flight_at_kill: number[];
  in_flight_total: number;
  /** What one worker can have in flight: its send slots (SMTP connections). */
  in_flight_bound_per_kill: number;
  seconds_total: number;
  seconds_last_kill_to_done: number;
  campaign_status: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number, explain?: () => Promise<string>) {
  const started = performance.now();
  timeoutMs = budget(timeoutMs);
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not after ${timeoutMs} ms${explain ? `; ${await explain()}` : ''}`);
    await sleep(20);
  }
}

/**
 * Runs the campaign to its end while killing the worker `kills` times, each at a
 * random share of the recipients accepted (between 5 % and 90 %), starting a
 * new worker at once. `random` is the source of the kill points (seeded by the caller).
 */
export async function runChaos(options: {
  owner: pg.Pool; sink: SmtpSink; env: WorkerEnv; campaign: PoolCampaign; kills: number; slots: number;
  random: () => number; timeoutMs: number; onWorker?: (worker: WorkerProcess) => void;
}): Promise<ChaosResult> {
  const { owner, sink, campaign, kills } = options;
  const emails = campaign.emails;
  const n = emails.length;
  const copies = () => emails.map((email) => sink.perRecipient.get(email) ?? 0);
  const accepted = () => emails.reduce((sum, email) => sum + (sink.perRecipient.has(email) ? 1 : 0), 0);
  const targets = Array.from({ length: kills }, () => Math.round(n * (0.05 + 0.85 * options.random()))).sort((a, b) => a - b);

  const started = performance.now();
  let worker = await startWorkerProcess(options.env);
  options.onWorker?.(worker);
  await queueDispatch(options.env.databaseUrl, campaign.campaignId);
  let previous = copies();
  const inFlight: number[] = [];
  let lastKill = started;
  for (const target of targets) {
    await waitUntil(() => accepted() >= target, `${target} recipients accepted before kill ${inFlight.length + 1}`, options.timeoutMs);
    await worker.kill();
    lastKill = performance.now();
    const now = copies();
    const { rows } = await owner.query<{ email: string }>(
      `select lower(c.email::text) as email from public.messages m join public.candidates c on c.id = m.candidate_id
        where m.campaign_id = $1 and m.status = 'sending'`, [campaign.campaignId]);
    const index = new Map(emails.map((email, i) => [email, i]));
    inFlight.push(rows.filter((row) => { const i = index.get(row.email)!; return now[i] > previous[i]; }).length);
    previous = now;
    worker = await startWorkerProcess(options.env);
    options.onWorker?.(worker);
  }
  await waitUntil(async () => {
    const { rows: [row] } = await owner.query<{ status: string }>('select status from public.campaigns where id = $1', [campaign.campaignId]);
    return row.status !== 'scheduled' && row.status !== 'sending';
  }, 'campaign finished', options.timeoutMs, () => campaignState(owner, campaign.campaignId));
  const done = performance.now();
  await worker.kill();
  const { rows: [{ status }] } = await owner.query<{ status: string }>('select status from public.campaigns where id = $1', [campaign.campaignId]);
  const final = copies();
  return {
    recipients: n,
    kills,
    lost: final.filter((c) => c === 0).length,
    duplicates: final.reduce((sum, c) => sum + Math.max(0, c - 1), 0),
    recipients_sent_twice_or_more: final.filter((c) => c > 1).length,
    copies_per_recipient_max: Math.max(...final),
    in_flight_at_kill: inFlight,
    in_flight_total: inFlight.reduce((a, b) => a + b, 0),
    in_flight_bound_per_kill: options.slots,
    seconds_total: Math.round((done - started) / 100) / 10,
    seconds_last_kill_to_done: Math.round((done - lastKill) / 100) / 10,
    campaign_status: status,
  };
}

/** A small seeded random source (mulberry32), so a failing run can be repeated. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where a campaign that did not finish stands: its messages and recipients by status, and its delivery jobs by state. */
async function campaignState(owner: pg.Pool, campaignId: number): Promise<string> {
  const { rows: [row] } = await owner.query<{ state: unknown }>(
    `select json_build_object(
       'campaign', (select json_build_object('status', status, 'cursor', dispatch_cursor) from public.campaigns where id = $1),
       'messages', (select json_object_agg(k, n) from (select status || '/' || attempts || coalesce('/' || claimed_by, '') as k, count(*) as n
                      from public.messages where campaign_id = $1 group by 1) t),
       'recipients', (select json_object_agg(status, n) from (select status, count(*) as n from public.campaign_recipients
                      where campaign_id = $1 group by 1) t),
       'mail_jobs', (select json_object_agg(state, n) from (select state, count(*) as n from ${BOSS_SCHEMA}.job
                      where name = $2 group by 1) t)) as state`, [campaignId, QUEUES.mailSend]);
  return JSON.stringify(row.state);
}
