// The product as a team runs it (decision 029): two web processes (`node server.ts`,
// WORKER=off) and two workers (`worker/main.ts`) on one PostgreSQL, behaving as one
// product. Sessions and rate limits live in the database, so they hold across web
// processes; a web process without a worker still hands mail to the workers at once;
// a 2,000-recipient campaign with a follow-up goes out while a worker is SIGKILLed
// and a web process restarted: every recipient gets both steps, copies beyond the
// first are at most the SMTP transactions open at the kill, the campaign completes
// once, and the once-a-minute sweep runs once a minute in total.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { BOSS_SCHEMA } from '#worker/jobs/deps.ts';
import { ORIGIN, TEST_SECRET } from '../support/constants.ts';
import { createTestDatabase, overHttp, signInRecruiter, TestClient, type TestDatabase } from '../support/harness.ts';
import { assertBuilt, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { newCandidate, uniqueTag } from '../support/test-data.ts';
import { budget } from '../support/time-scale.ts';
import { until } from '../support/until.ts';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process.ts';

const RECIPIENTS = 2_000;
const DAY = 86_400_000;

let db: TestDatabase;
let sink: SmtpSink;
const root = mkdtempSync(path.join(os.tmpdir(), 'talentloop-scale-out-'));
const webs: RunningServer[] = [];
const workers: WorkerProcess[] = [];

function startWeb(name: string) {
  return startServerProcess({
    databaseUrl: db.ownerUrl, dataDir: path.join(root, name),
    env: () => ({ WORKER: 'off', TRUSTED_ORIGINS: ORIGIN }),
  }).then((web) => { webs.push(web); return web; });
}
function startWorker() {
  return startWorkerProcess({
    databaseUrl: db.ownerUrl, smtpUrl: sink.url, appSecret: TEST_SECRET, extra: { MAIL_DAILY_CAP_PER_SENDER: 'off' },
  }).then((worker) => { workers.push(worker); return worker; });
}

let webA: RunningServer;
let webB: RunningServer;

beforeAll(async () => {
  assertBuilt();
  db = await createTestDatabase();
  sink = await startSmtpSink();
  // Workers first: they create the queues the web processes put jobs on.
  await startWorker();
  await startWorker();
  [webA, webB] = await Promise.all([startWeb('web-a'), startWeb('web-b')]);
}, budget(120_000));

afterAll(async () => {
  await Promise.allSettled([...webs.map((web) => web.stop()), ...workers.map((worker) => worker.kill())]);
  await sink?.close();
  await db?.drop();
  rmSync(root, { recursive: true, force: true });
});

/** Puts a job on a queue, as a process that is neither web nor worker would. */
/** Queues a job as any process may; its id. */
async function queue(name: string, data: object): Promise<string> {
  const boss = new PgBoss({ connectionString: db.ownerUrl, schema: BOSS_SCHEMA, max: 1, supervise: false, schedule: false, migrate: false });
  await boss.start();
  try {
    return (await boss.send(name, data))!;
  } finally {
    await boss.stop({ graceful: false });
  }
}

const client = (web: RunningServer) => new TestClient(overHttp(web.url), '127.0.0.1');
/** The same browser (its cookies) talking to another web process, as behind a load balancer. */
function sameBrowserOn(web: RunningServer, browser: TestClient): TestClient {
  const other = client(web);
  other.cookies = browser.cookies;
  return other;
}

describe('two web processes and two workers on one database', () => {
  it('a session made on one web process works on the other', async () => {
    const onA = client(webA);
    await signInRecruiter(onA);
    const onB = sameBrowserOn(webB, onA);
    const me = await onB.get('/api/auth/me');
    expect(me.status, me.text).toBe(200);
    expect(me.json).toMatchObject({ user: { username: 'recruiter' } });
  });

  it('an email sent through a web process without a worker is queued for the workers at once and delivered', async () => {
    const recruiter = client(webA);
    await signInRecruiter(recruiter);
    const email = `one-${uniqueTag()}@example.com`;
    const candidate = await newCandidate(recruiter, { name: 'Single Mail', email });
    const sent = await recruiter.post(`/api/candidates/${candidate.id}/messages`, { subject: 'Hello', content: 'One mail', channel: 'email', platform: 'email' });
    expect(sent.status, sent.text).toBe(201);
    // Its delivery job exists as the answer comes: no worker waits for the once-a-minute sweep.
    const { rows } = await db.pools.owner.query(`select 1 from ${BOSS_SCHEMA}.job where name = $1 and id = $2`,
      [QUEUES.mailSend, mailJob(sent.json.message.id as number).id]);
    expect(rows).toHaveLength(1);
    await until(() => Promise.resolve(sink.perRecipient.get(email) ?? 0), (copies) => copies === 1);
  });

  it('counts a sign-in limit across both web processes', async () => {
    const ghost = `ghost-${uniqueTag()}`;
    const [onA, onB] = [client(webA), client(webB)];
    const statuses: number[] = [];
    // Failed passwords for one account from one client: 10 are allowed, wherever they land.
    for (let i = 0; i < 11; i++) {
      const answer = await (i % 2 ? onB : onA).post('/api/auth/login', { username: ghost, password: `wrong-password-${i}` });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('sends a 2,000-recipient campaign with a follow-up through a worker SIGKILL and a web restart', { timeout: budget(240_000) }, async () => {
    const tag = uniqueTag();
    const { rows: [pool] } = await db.pools.owner.query<{ id: number }>(
      'insert into public.talent_pools (name) values ($1) returning id', [`Scale ${tag}`]);
    const { rows: people } = await db.pools.owner.query<{ id: number; email: string }>(
      `insert into public.candidates (name, email) select 'Scale' || g || ' Person', 'scale-' || $2 || '-' || g || '@example.com'
         from generate_series(1, $1) g returning id, email::text`, [RECIPIENTS, tag]);
    const ids = people.map((p) => p.id);
    await db.pools.owner.query(
      `insert into public.consent_events (candidate_id, channel, granted, source, wording)
       select id, 'email', true, 'seed', 'Scale-out test data' from unnest($1::bigint[]) as id`, [ids]);
    await db.pools.owner.query('insert into public.talent_pool_members (talent_pool_id, candidate_id) select $1, id from unnest($2::bigint[]) as id', [pool.id, ids]);
    const emails = people.map((p) => p.email.toLowerCase());

    const recruiter = client(webA);
    await signInRecruiter(recruiter);
    const created = await recruiter.post('/api/campaigns', {
      name: `Scale ${tag}`, campaignType: 'nurture', talentPoolId: pool.id, language: 'english',
      emailSubject: 'A role for you, {{firstName}}', emailContent: 'Hi {{firstName}}, interested?',
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
      steps: [{ delayDays: 1, content: 'Hi {{firstName}}, following up.' }],
    });
    expect(created.status, created.text).toBe(201);
    const campaignId = created.json.campaign.id as number;
    const copies = (step: 1 | 2) => {
      const counts = new Map<string, number>();
      for (const mail of sink.received) {
        const subject = /^Subject: (.*)$/m.exec(mail.raw.toString('latin1'))?.[1] ?? '';
        if (!subject.includes(tag) && !emails.includes(mail.to[0]?.toLowerCase())) continue;
        if ((step === 2) !== subject.startsWith('Re:')) continue;
        for (const to of mail.to) counts.set(to.toLowerCase(), (counts.get(to.toLowerCase()) ?? 0) + 1);
      }
      return emails.map((email) => counts.get(email) ?? 0);
    };
    const accepted = (step: 1 | 2) => copies(step).filter((n) => n > 0).length;

    // A third of the way: one worker dies mid-send. Which worker took more of the campaign's jobs varies, and one may
    // have sent its share already: the one holding the most claims now dies.
    await until(() => Promise.resolve(accepted(1)), (n) => n >= RECIPIENTS / 3, 60_000);
    const { rows: holders } = await db.pools.owner.query<{ claimed_by: string; n: number }>(
      `select claimed_by, count(*)::int as n from public.messages where campaign_id = $1 and status = 'sending'
        group by claimed_by order by n desc`, [campaignId]);
    const victim = workers.find((worker) => holders[0]?.claimed_by.includes(`:${worker.child.pid}:`)) ?? workers[0];
    await victim.kill();
    const { rows: open } = await db.pools.owner.query<{ email: string }>(
      `select lower(c.email::text) as email from public.messages m join public.candidates c on c.id = m.candidate_id
        where m.campaign_id = $1 and m.status = 'sending' and m.claimed_by like $2`, [campaignId, `%:${victim.child.pid}:%`]);
    expect(open.length, 'the dead worker held claims').toBeGreaterThan(0);
    const atKill = copies(1);
    const index = new Map(emails.map((email, i) => [email, i]));
    // Sent by the dead worker but not yet recorded: the only mail that may go out twice.
    const inFlight = open.filter((row) => atKill[index.get(row.email)!] > 0).length;

    // Meanwhile a web process restarts (a deploy): its sessions are in the database.
    const onB = sameBrowserOn(webB, recruiter);
    await webB.stop();
    webB = await startWeb('web-b-again');
    expect((await sameBrowserOn(webB, onB).get('/api/auth/me')).status).toBe(200);

    await until(() => Promise.resolve(accepted(1)), (n) => n === RECIPIENTS, 120_000);
    await until(async () => (await recruiter.get(`/api/campaigns/${campaignId}`)).json.steps?.[0]?.counts?.sent ?? 0,
      (sent: number) => sent === RECIPIENTS, 60_000);
    // A day later: the follow-up is due (the campaign-steps job takes its clock from the job).
    await queue(QUEUES.campaignSteps, { now: new Date(Date.now() + 2 * DAY).toISOString() });
    await until(() => Promise.resolve(accepted(2)), (n) => n === RECIPIENTS, 120_000);

    const first = copies(1);
    const second = copies(2);
    expect(first.filter((n) => n === 0)).toHaveLength(0);
    expect(second.filter((n) => n === 0)).toHaveLength(0);
    const duplicates = first.reduce((sum, n) => sum + n - 1, 0) + second.reduce((sum, n) => sum + n - 1, 0);
    expect(duplicates, `copies beyond the first (${inFlight} in flight at the kill)`).toBeLessThanOrEqual(inFlight);

    // The sweep is one pg-boss schedule: one run per minute in total, however many processes. pg-boss files each
    // occurrence under its minute (a job of its send-it queue with that minute as its singleton slot), and a cron
    // pass that runs late files the minute it missed as well: two runs may then be created within one minute,
    // each for a minute of its own. So: no more runs than minutes filed, and no more minutes than have passed.
    // On a quiet machine the sends above can all be done before the first minute's run: wait for one.
    await until(() => db.pools.owner.query(`select 1 from ${BOSS_SCHEMA}.job where name = $1`, [QUEUES.messagingSweep]),
      ({ rows }) => rows.length > 0, 150_000);
    const { rows: [sweeps] } = await db.pools.owner.query<{ runs: number; minutes: number; seconds: number }>(
      `select (select count(*)::int from ${BOSS_SCHEMA}.job where name = $1) as runs,
              (select count(distinct singleton_on)::int from ${BOSS_SCHEMA}.job
                where name = '__pgboss__send-it' and data->>'name' = $1) as minutes,
              (select extract(epoch from max(created_on) - min(created_on))::int from ${BOSS_SCHEMA}.job where name = $1) as seconds`,
      [QUEUES.messagingSweep]);
    expect(sweeps.runs, JSON.stringify(sweeps)).toBeGreaterThan(0);
    expect(sweeps.runs, JSON.stringify(sweeps)).toBeLessThanOrEqual(sweeps.minutes);
    expect(sweeps.minutes, JSON.stringify(sweeps)).toBeLessThanOrEqual(Math.floor(sweeps.seconds / 60) + 2);

    // Completes once: sent, and another round of the sweep and the steps (by either worker) leaves it as it was.
    const completion = () => db.pools.owner.query<{ status: string; completed_at: Date | null }>(
      'select status, completed_at from public.campaigns where id = $1', [campaignId]);
    const done = await until(completion, ({ rows }) => rows[0].status !== 'sending', 60_000);
    expect(done.rows[0].status).toBe('sent');
    // (Only these two runs are waited for: a run the killed worker held stays active until it expires, minutes on.)
    const again = [await queue(QUEUES.messagingSweep, {}), await queue(QUEUES.campaignSteps, { now: new Date(Date.now() + 4 * DAY).toISOString() })];
    const ran = await until(() => db.pools.owner.query<{ state: string }>(`select state from ${BOSS_SCHEMA}.job where id = any($1::uuid[])`, [again]),
      ({ rows }) => rows.every((row) => !['created', 'active', 'retry'].includes(row.state)), 60_000);
    expect(ran.rows.map((row) => row.state)).toEqual(['completed', 'completed']);
    expect((await completion()).rows[0]).toEqual(done.rows[0]);

  });
});
