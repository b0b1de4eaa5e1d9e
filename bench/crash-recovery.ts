// A worker killed mid-campaign (decision 011): five runs of 1,000 queued
// recipients each into a loopback SMTP server (the smtp-server package, not the
// dev outbox, which would hide second copies). Each run starts worker/main.ts
// as a child process, SIGKILLs it once part of the run was accepted, starts it
// again and waits until every message is recorded sent. Figures: seconds from
// the restart to the last message (median), copies per recipient, lost.
import { openDatabase } from '#platform/db/pools.server.ts';
import { SMTP_CONNECTIONS } from '#platform/mail/smtp.server.ts';
import { CLAIM_STALE_SECONDS } from '#platform/runtime/workers.server.ts';
import { startSmtpSink } from '#tests/support/smtp-sink.ts';
import { queuedRecipients, queueMailJobs, startWorkerProcess, statusCounts, type WorkerProcess } from '#tests/support/worker-process.ts';
import { benchDatabase } from './support/database.ts';

const RUNS = 5;
const RECIPIENTS = 1_000;
/** Share of each run accepted by the server before the kill. */
const KILL_AT = [0.2, 0.35, 0.5, 0.65, 0.8];
const APP_SECRET = 'crash-recovery-bench-secret';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round1 = (n: number) => Math.round(n * 10) / 10;

async function poll<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 120_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await sleep(20);
  }
}

export async function run() {
  const database = await benchDatabase('crashbench');
  const sink = await startSmtpSink({ keep: false });
  const workers: WorkerProcess[] = [];
  const startWorker = async (env: Parameters<typeof startWorkerProcess>[0]) => {
    const worker = await startWorkerProcess(env);
    workers.push(worker);
    return worker;
  };
  try {
    const databaseUrl = database.url;
    const pools = await openDatabase(databaseUrl, APP_SECRET);
    // 5,000 mails from one address: without this the daily sender cap would hold most of them for tomorrow.
    const env = { databaseUrl, smtpUrl: sink.url, appSecret: APP_SECRET, extra: { MAIL_DAILY_CAP_PER_SENDER: 'off' } };

    const runs = [];
    const allEmails: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { messageIds, emails } = await queuedRecipients(pools.owner, RECIPIENTS, `run${i + 1}`);
      allEmails.push(...emails);
      const acceptedInRun = () => emails.reduce((sum, email) => sum + (sink.perRecipient.has(email) ? 1 : 0), 0);
      const first = await startWorker(env);
      await queueMailJobs(databaseUrl, messageIds);
      const killAt = Math.round(RECIPIENTS * KILL_AT[i]);
      await poll(() => sink.count, () => acceptedInRun() >= killAt, 'sends before the kill');
      await first.kill();
      const killedAt = performance.now();
      const acceptedAtKill = acceptedInRun();
      const atKill = await statusCounts(pools.owner, messageIds);

      const second = await startWorker(env);
      const readyAt = performance.now();
      await poll(() => statusCounts(pools.owner, messageIds), (counts) => counts.sent === RECIPIENTS, 'all sent after the restart');
      const finishedAt = performance.now();
      await second.kill();
      runs.push({
        accepted_at_kill: acceptedAtKill,
        claimed_at_kill: atKill.sending ?? 0,
        seconds_restart_to_ready: round1((readyAt - second.spawnedAt) / 1000),
        seconds_restart_to_finish: round1((finishedAt - second.spawnedAt) / 1000),
        seconds_kill_to_finish: round1((finishedAt - killedAt) / 1000),
        sent_twice: emails.filter((email) => (sink.perRecipient.get(email) ?? 0) > 1).length,
      });
    }
    await pools.close();

    const copies = allEmails.map((email) => sink.perRecipient.get(email) ?? 0);
    return {
      name: 'crash-recovery',
      runs: RUNS,
      recipients_per_run: RECIPIENTS,
      smtp_connections: SMTP_CONNECTIONS,
      claim_stale_after_seconds: CLAIM_STALE_SECONDS,
      seconds_restart_to_finish_median: median(runs.map((r) => r.seconds_restart_to_finish)),
      copies_per_recipient_max: Math.max(...copies),
      recipients_with_2_plus_copies: copies.filter((n) => n > 1).length,
      lost: copies.filter((n) => n === 0).length,
      per_run: runs,
      database: 'embedded PostgreSQL, fsync on',
    };
  } finally {
    for (const worker of workers) await worker.kill();
    await sink.close();
    await database.stop();
  }
}
