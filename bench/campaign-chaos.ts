// A 10,000-recipient pool campaign into a loopback SMTP sink that counts per
// recipient, while the worker process (worker/main.ts) is SIGKILLed at 20
// random points of the send and started again at once (issue 12). Figures:
// kills, lost, duplicates (copies beyond the first), the messages in flight at
// each kill (accepted by the sink, not yet recorded: the only ones that can go
// twice) and the bound per kill (the worker's send slots = SMTP connections).
import { openDatabase } from '#platform/db/pools.server.ts';
import { SMTP_CONNECTIONS } from '#platform/mail/smtp.server.ts';
import { CLAIM_STALE_SECONDS } from '#platform/runtime/workers.server.ts';
import { startSmtpSink } from '#tests/support/smtp-sink.ts';
import { poolCampaign, runChaos, seededRandom } from '#tests/support/campaign-chaos.ts';
import type { WorkerProcess } from '#tests/support/worker-process.ts';
import { benchDatabase } from './support/database.ts';

const RECIPIENTS = 10_000;
const KILLS = 20;
const APP_SECRET = 'campaign-chaos-bench-secret';

export async function run() {
  const database = await benchDatabase('chaosbench');
  const sink = await startSmtpSink({ keep: false });
  const workers: WorkerProcess[] = [];
  try {
    const pools = await openDatabase(database.url, APP_SECRET);
    const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);
    const campaign = await poolCampaign(pools.owner, RECIPIENTS, 'bench');
    const result = await runChaos({
      owner: pools.owner, sink, campaign, kills: KILLS, slots: SMTP_CONNECTIONS, random: seededRandom(seed), timeoutMs: 300_000,
      env: { databaseUrl: database.url, smtpUrl: sink.url, appSecret: APP_SECRET, extra: { MAIL_DAILY_CAP_PER_SENDER: 'off' } },
      onWorker: (worker) => workers.push(worker),
    });
    await pools.close();
    return {
      name: 'campaign-chaos',
      seed,
      ...result,
      duplicates_within_in_flight: result.duplicates <= result.in_flight_total,
      in_flight_max_at_a_kill: Math.max(...result.in_flight_at_kill),
      claim_stale_after_seconds: CLAIM_STALE_SECONDS,
      database: 'embedded PostgreSQL, fsync on',
    };
  } finally {
    for (const worker of workers) await worker.kill();
    await sink.close();
    await database.stop();
  }
}
