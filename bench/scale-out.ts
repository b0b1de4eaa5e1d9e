// Scale-out (issue 25, decision 029): a 20,000-recipient campaign from Launch (POST
// /api/campaigns over HTTP) until a loopback SMTP sink accepted every recipient, in
// three set-ups side by side in one run, each on a fresh embedded PostgreSQL:
//   single   one `node server.ts` with its worker (npm start)
//   2+2      two web processes (WORKER=off) and two `worker/main.ts`
//   2+2 kill the same, one worker SIGKILLed a third of the way in
// Figures: seconds, recipients per second, copies beyond the first, and the
// machine's CPU per message (every process: node, PostgreSQL, the sink in this
// process), from /proc/stat. Needs the built site (`npm run build`).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { openDatabase } from '#platform/db/pools.server.ts';
import { assertBuilt, startServerProcess, type RunningServer } from '#tests/support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts';
import { startWorkerProcess, type WorkerProcess } from '#tests/support/worker-process.ts';
import { TEST_SECRET } from '#tests/support/constants.ts';
import { BENCH_CONTENT, BENCH_SUBJECT } from './support/campaign-texts.ts';
import { benchDatabase } from './support/database.ts';
import { signInCookie } from './support/sign-in.ts';

const RECIPIENTS = Number(process.env.BENCH_SCALE_OUT_RECIPIENTS ?? 20_000);

function machineBusySeconds(): number {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user + nice + system + irq + softirq + steal) / 100;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A recruiter's single email through `web` (WORKER=off in 2+2): Send until the sink has it, in ms, `count` times. */
async function singleEmailLatencies(web: RunningServer, sink: SmtpSink, count: number): Promise<number[]> {
  const cookie = await signInCookie(web.url);
  const headers = { cookie, origin: web.url, 'content-type': 'application/json' };
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const email = `latency-${Date.now()}-${i}@example.com`;
    const created = await fetch(`${web.url}/api/candidates`, { method: 'POST', headers, body: JSON.stringify({ name: `Latency ${i}`, email }) });
    const { id } = await created.json() as { id: number };
    const started = performance.now();
    await fetch(`${web.url}/api/candidates/${id}/messages`, {
      method: 'POST', headers, body: JSON.stringify({ subject: 'Hello', content: 'One mail', channel: 'email', platform: 'email' }),
    });
    while (!sink.perRecipient.has(email)) {
      if (performance.now() - started > 120_000) throw new Error('a single email did not arrive in 2 minutes');
      await sleep(5);
    }
    times.push(Math.round(performance.now() - started));
  }
  return times.sort((a, b) => a - b);
}

interface SetUp { name: string; webs: number; workers: number; kill: boolean }

async function oneRun(setUp: SetUp) {
  const database = await benchDatabase(`scaleout${setUp.webs}${setUp.workers}${setUp.kill ? 'k' : ''}`);
  const sink: SmtpSink = await startSmtpSink({ keep: false });
  const root = mkdtempSync(path.join(os.tmpdir(), 'talentloop-bench-scale-'));
  const webs: RunningServer[] = [];
  const workers: WorkerProcess[] = [];
  const pools = await openDatabase(database.url, TEST_SECRET, 2, undefined, { bulkOwner: true });
  try {
    const single = setUp.workers === 0;
    for (let i = 0; i < setUp.workers; i++) {
      workers.push(await startWorkerProcess({ databaseUrl: database.url, smtpUrl: sink.url, appSecret: TEST_SECRET, extra: { MAIL_DAILY_CAP_PER_SENDER: 'off' } }));
    }
    for (let i = 0; i < setUp.webs; i++) {
      webs.push(await startServerProcess({
        databaseUrl: database.url, dataDir: path.join(root, `web-${i}`),
        env: (url) => ({ WORKER: single ? 'on' : 'off', SEED_DEMO_DATA: i === 0 ? 'on' : 'off', SMTP_URL: sink.url,
          MAIL_DAILY_CAP_PER_SENDER: 'off', PUBLIC_URL: url, LOG_FORMAT: 'json' }),
      }));
    }
    const { rows: [pool] } = await pools.owner.query<{ id: number }>(`insert into public.talent_pools (name) values ('Scale-out bench') returning id`);
    await pools.owner.query(
      `with people as (insert into public.candidates (name, email)
         select 'Bench' || g || ' Person', 'bench-' || g || '@example.com' from generate_series(1, $1) g returning id),
       consent as (insert into public.consent_events (candidate_id, channel, granted, source, wording)
         select id, 'email', true, 'seed', 'Scale-out bench' from people)
       insert into public.talent_pool_members (talent_pool_id, candidate_id) select $2, id from people`, [RECIPIENTS, pool.id]);
    await pools.owner.query('vacuum analyze');

    const web = webs[0];
    const cookie = await signInCookie(web.url);
    const cpuBefore = machineBusySeconds();
    const started = performance.now();
    const launched = await fetch(`${web.url}/api/campaigns`, {
      method: 'POST', headers: { cookie, origin: web.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Scale-out bench', campaignType: 'nurture', talentPoolId: pool.id, language: 'english',
        emailSubject: BENCH_SUBJECT, emailContent: BENCH_CONTENT, scheduledAt: new Date(Date.now() - 1000).toISOString() }),
    });
    if (launched.status !== 201) throw new Error(`launch failed: ${launched.status} ${await launched.text()}`);
    let killedAt: number | null = null;
    while (sink.perRecipient.size < RECIPIENTS) {
      if (setUp.kill && killedAt === null && sink.perRecipient.size >= RECIPIENTS / 3) {
        await workers[0].kill();
        killedAt = sink.perRecipient.size;
      }
      if (performance.now() - started > 600_000) throw new Error(`${setUp.name}: ${sink.perRecipient.size} of ${RECIPIENTS} after 10 minutes`);
      await sleep(20);
    }
    const seconds = (performance.now() - started) / 1000;
    const busy = machineBusySeconds() - cpuBefore;
    const emailMs = await singleEmailLatencies(webs[webs.length - 1], sink, 5);
    return {
      set_up: setUp.name,
      processes: single ? '1 server.ts (worker in process)' : `${setUp.webs} server.ts (WORKER=off) + ${setUp.workers} worker/main.ts`,
      recipients: RECIPIENTS,
      seconds: Math.round(seconds * 10) / 10,
      recipients_per_second: Math.round(RECIPIENTS / seconds),
      copies_beyond_the_first: sink.count - sink.perRecipient.size,
      killed_at_recipient: killedAt,
      machine_busy_cores: Math.round((busy / seconds) * 100) / 100,
      machine_cpu_ms_per_message: Math.round((busy * 1000 / RECIPIENTS) * 100) / 100,
      single_email_ms_median: emailMs[Math.floor(emailMs.length / 2)],
      single_email_ms: emailMs,
    };
  } finally {
    await Promise.allSettled([...webs.map((web) => web.stop()), ...workers.map((worker) => worker.kill())]);
    await pools.close();
    await sink.close();
    await database.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

export async function run() {
  assertBuilt();
  const runs = [];
  for (const setUp of [
    { name: 'single', webs: 1, workers: 0, kill: false },
    { name: '2+2', webs: 2, workers: 2, kill: false },
    { name: '2+2 kill', webs: 2, workers: 2, kill: true },
  ]) runs.push(await oneRun(setUp));
  const [single, scaled] = runs;
  return {
    name: 'scale-out',
    cores: os.availableParallelism(),
    runs,
    time_ratio_2plus2_to_single: Math.round((scaled.seconds / single.seconds) * 100) / 100,
    cpu_ratio_2plus2_to_single: Math.round((scaled.machine_cpu_ms_per_message / single.machine_cpu_ms_per_message) * 100) / 100,
    database: 'embedded PostgreSQL per set-up, fsync on',
  };
}
