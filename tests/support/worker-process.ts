// A worker in a process of its own (worker/main.ts, as `npm run worker` starts
// it), to be killed the way a crashed deployment dies; and the recipients and
// jobs to give it. Used by the crash-recovery test and bench.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { bossJobQueue, mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { BOSS_SCHEMA } from '#worker/jobs/deps.ts';

const WORKER_MAIN = path.resolve(import.meta.dirname, '../../worker/main.ts');

export interface WorkerProcess {
  child: ChildProcess;
  /** performance.now() when the process was spawned. */
  spawnedAt: number;
  /** Everything it printed, for failure messages. */
  output(): string;
  /** SIGKILL: no clean-up of any kind; resolves once the process is gone. */
  kill(): Promise<void>;
}

export interface WorkerEnv {
  databaseUrl: string;
  smtpUrl: string;
  /** Must be the secret the database's app role was made with (the role is shared by the whole server). */
  appSecret: string;
  /** More environment for the worker (e.g. MAIL_DAILY_CAP_PER_SENDER). */
  extra?: Record<string, string>;
}

/** Starts worker/main.ts on this database and SMTP server; resolves once it runs its queues. */
export async function startWorkerProcess(env: WorkerEnv): Promise<WorkerProcess> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [WORKER_MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: env.databaseUrl, SMTP_URL: env.smtpUrl, APP_SECRET: env.appSecret,
      MAIL_FROM: 'Talentloop Recruiting <recruiting@talentloop.test>', OPENAI_API_KEY: '', MS_TENANT_ID: '', LOG_LEVEL: 'info',
      ...env.extra,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = () => { if (output.includes('worker running')) { child.stdout.off('data', onData); resolve(); } };
    child.stdout.on('data', onData);
    void exited.then(() => reject(new Error(`worker exited before it was ready:\n${output}`)));
  });
  return {
    child,
    spawnedAt,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** `count` new candidates who consented to email, each with one queued message. */
export async function queuedRecipients(owner: pg.Pool, count: number, tag: string): Promise<{ messageIds: number[]; emails: string[] }> {
  const { rows: candidates } = await owner.query<{ id: number; email: string }>(
    `insert into public.candidates (name, email)
     select 'Crash test ' || g, 'crash-' || $2 || '-' || g || '@example.com' from generate_series(1, $1) g
     returning id, email::text`, [count, tag]);
  const ids = candidates.map((c) => c.id);
  await owner.query(
    `insert into public.consent_events (candidate_id, channel, granted, source, wording)
     select id, 'email', true, 'seed', 'Crash-recovery test data' from unnest($1::bigint[]) as id`, [ids]);
  const { rows: messages } = await owner.query<{ id: number }>(
    `insert into public.messages (candidate_id, direction, channel, subject, content, status)
     select id, 'out', 'email', 'A new role', $2, 'queued' from unnest($1::bigint[]) as id
     returning id`, [ids, 'Hi there,\n\nWe have a new backend role that fits your experience. Fancy a chat next week?\n\nBest regards,\nSam']);
  return { messageIds: messages.map((m) => m.id), emails: candidates.map((c) => c.email.toLowerCase()) };
}

/** Queues the delivery jobs the API would have queued, through pg-boss (schema installed by a worker). */
export async function queueMailJobs(ownerUrl: string, messageIds: number[]): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: BOSS_SCHEMA, max: 2, supervise: false, schedule: false, migrate: false });
  await boss.start();
  try {
    await bossJobQueue(boss).send(QUEUES.mailSend, messageIds.map((id) => mailJob(id)));
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** Counts of the given messages per status. */
export async function statusCounts(owner: pg.Pool, messageIds: number[]): Promise<Record<string, number>> {
  const { rows } = await owner.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from public.messages where id = any($1) group by status', [messageIds]);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
