// Where a large campaign's dispatch spends its time and memory (issue 12, "Scale"):
// `npx node bench/support/dispatch-profile.ts [recipients]`. Seeds a pool like
// bench/campaign-100k.ts, then runs the real dispatchAndQueue once with every
// statement of its transaction timed (the database's time per statement, the
// JavaScript between statements) and the heap sampled. Not part of `npm run bench`.
import { openDatabase } from '#platform/db/pools.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { dispatchCampaign } from '#domain/campaigns/campaigns.server.ts';
import { bossJobQueue, mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { PgBoss } from 'pg-boss';
import { BOSS_SCHEMA } from '#worker/jobs/deps.ts';
import { benchDatabase } from './database.ts';

const RECIPIENTS = Number(process.argv[2] ?? 100_000);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const database = await benchDatabase('dispatchprofile');
const pools = await openDatabase(database.url, 'dispatch-profile-secret');
try {
  await pools.owner.query(`insert into public.talent_pools (name) values ('Profile') `);
  await pools.owner.query(
    `insert into public.candidates (name, email, job_function, location)
     select 'Bench' || g || ' Person', 'bench-' || g || '@example.com', 'Backend Engineer', 'Utrecht' from generate_series(1, $1) g`, [RECIPIENTS]);
  await pools.owner.query(`insert into public.consent_events (candidate_id, channel, granted, source, wording) select id, 'email', true, 'seed', 'x' from public.candidates`);
  await pools.owner.query('insert into public.talent_pool_members (talent_pool_id, candidate_id) select 1, id from public.candidates');
  await pools.owner.query(
    `insert into public.campaigns (name, campaign_type, talent_pool_id, email_subject, email_content, status, scheduled_at)
     values ('Profile', 'nurture', 1, 'A role for you, {{firstName}}', 'Hi {{firstName}},\n\nA {{jobFunction}} role in {{location}}.\n\nSam', 'scheduled', now())`);
  await pools.owner.query('vacuum analyze');

  global.gc?.();
  const heapStart = process.memoryUsage().heapUsed;
  let peakHeap = heapStart;
  let peakRss = process.memoryUsage().rss;
  const sample = setInterval(() => { const m = process.memoryUsage(); peakHeap = Math.max(peakHeap, m.heapUsed); peakRss = Math.max(peakRss, m.rss); }, 20);
  const statements: Array<{ sql: string; ms: number; rows: number; jsBeforeMs: number }> = [];
  const began = performance.now();
  let last = began;
  const ids = await asService(pools.app, async (tx) => {
    const query = tx.query.bind(tx) as (...args: unknown[]) => Promise<{ rowCount: number | null }>;
    (tx as unknown as { query: typeof query }).query = async (...args: unknown[]) => {
      const start = performance.now();
      const jsBeforeMs = start - last;
      const result = await query(...args);
      last = performance.now();
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
      statements.push({ sql: text.replace(/\s+/g, ' ').slice(0, 90), ms: Math.round(last - start), rows: result.rowCount ?? 0, jsBeforeMs: Math.round(jsBeforeMs) });
      return result;
    };
    return dispatchCampaign(tx, 1, 'http://127.0.0.1:4400');
  });
  const committed = performance.now();
  const boss = new PgBoss({ connectionString: database.url, schema: BOSS_SCHEMA, max: 2, supervise: false, schedule: false });
  await boss.start();
  await boss.createQueue(QUEUES.mailSend);
  const jobsBegan = performance.now();
  await bossJobQueue(boss).send(QUEUES.mailSend, ids.map((id) => mailJob(id)));
  const jobsDone = performance.now();
  await boss.stop({ graceful: false });
  clearInterval(sample);
  console.log(JSON.stringify({
    recipients: RECIPIENTS, queued: ids.length,
    dispatch_transaction_ms: Math.round(committed - began),
    enqueue_jobs_ms: Math.round(jobsDone - jobsBegan),
    heap_growth_peak_mb: mb(peakHeap - heapStart), peak_rss_mb: mb(peakRss),
    statements: statements.filter((s) => s.ms > 20 || s.jsBeforeMs > 20),
  }, null, 2));
} finally {
  await pools.close();
  await database.stop();
}
