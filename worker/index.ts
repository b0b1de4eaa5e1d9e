// Background jobs on pg-boss. Runs inside the web process by default
// (server.ts) or alone for scale-out (`npm run worker`). Every handler must be
// safe to run twice: pg-boss delivers at least once. A web process without a
// worker (WORKER=off) still hands work to the workers at once through a job
// producer (startJobProducer): nothing waits for the once-a-minute sweep.
import { PgBoss, type ConstructorOptions } from 'pg-boss';
import { dbTimeouts, timeLimits, type DbTimeouts, type Pools } from '#platform/db/pools.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { loadConfig, type Config } from '#platform/runtime/config.server.ts';
import { bossJobQueue, type JobQueue } from '#platform/runtime/jobs.server.ts';
import { log as processLog, type Logger } from '#platform/runtime/log.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { BOSS_SCHEMA } from './jobs/deps.ts';
import { logged } from './jobs/job-log.ts';
import { registerMessagingJobs } from './jobs/messaging.ts';
import { registerRetentionJobs } from './jobs/retention.ts';
import { registerCandidateDuplicateJobs } from './jobs/candidate-duplicates.ts';
import { forgetOldRedirects } from '#domain/candidates/merge.server.ts';

export interface Worker {
  boss: PgBoss;
  /** For the API in the same process: hands it work at once. */
  jobs: JobQueue;
  /** Stops taking jobs, lets the running ones finish (up to `drainSeconds`), then frees what it still holds. */
  stop(options?: { drainSeconds?: number }): Promise<void>;
}

export const QUEUES = {
  maintenance: 'maintenance',
} as const;

/** pg-boss's pool, limited like every other (a frozen database costs its jobs seconds; it retries them). */
function bossOptions(ownerUrl: string, max: number, timeouts: DbTimeouts): ConstructorOptions {
  const { connectionTimeoutMillis, statement_timeout, query_timeout } = timeLimits(timeouts);
  // pg-boss hands its options to pg's Pool, which reads query_timeout; its types do not list it.
  return { connectionString: ownerUrl, schema: BOSS_SCHEMA, max, connectionTimeoutMillis,
    options: `-c statement_timeout=${statement_timeout}`, ...{ query_timeout } };
}

/**
 * `heartbeat`: this process's, when it has one already (server.ts); else the worker starts its own.
 * Nothing may be claimed in this worker's name before it is seen alive.
 */
export async function startWorker(ownerUrl: string, pools: Pools, config: Config = loadConfig(),
  { logger = processLog, heartbeat }: { logger?: Logger; heartbeat?: Heartbeat } = {}): Promise<Worker> {
  const own = heartbeat ? null : await startHeartbeat(pools.app, (line) => logger.info(line));
  try {
    return await startQueues(ownerUrl, pools, logger, config, heartbeat ?? own!, own);
  } catch (error) {
    await own?.stop();
    throw error;
  }
}

async function startQueues(ownerUrl: string, pools: Pools, logger: Logger, config: Config, heartbeat: Heartbeat,
  own: Heartbeat | null): Promise<Worker> {
  const boss = new PgBoss(bossOptions(ownerUrl, 4, dbTimeouts()));
  // While the database is out pg-boss reports each failed poll; the worker resumes by itself when it is back.
  boss.on('error', (error) => logger.warn('job queue', { error: error.message }));
  await boss.start();

  await boss.createQueue(QUEUES.maintenance);
  // Housekeeping every 10 minutes: spent rate-limit windows, heartbeats of processes long gone.
  await boss.schedule(QUEUES.maintenance, '*/10 * * * *');
  await boss.work(QUEUES.maintenance, logged(QUEUES.maintenance, logger, async () => {
    await pools.owner.query("delete from private.rate_limits where window_started_at < now() - interval '1 day'");
    await pools.owner.query("delete from private.worker_heartbeats where seen_at < now() - interval '1 day'");
    await asService(pools.app, (tx) => tx.query("delete from public.booking_links where expires_at < now() - interval '90 days'"));
    await asService(pools.app, forgetOldRedirects);
  }));
  await registerCandidateDuplicateJobs(boss, { pools, logger, log: (line) => logger.info(line) });

  const messaging = await registerMessagingJobs(boss, {
    pools, config, log: (line) => logger.info(line), logger, worker: heartbeat.identity,
  });
  // Candidates' data rights (issue 30): the retention rules' erasures, hourly.
  await registerRetentionJobs(boss, { pools, log: (line) => logger.info(line), logger });

  return {
    boss,
    jobs: messaging.jobs,
    stop: async ({ drainSeconds = 5 } = {}) => {
      await messaging.stopRecovery();
      // Graceful: no new jobs; the running ones finish (their sends are recorded) or the time is up.
      await boss.stop({ graceful: true, timeout: drainSeconds * 1000 });
      await messaging.close();
      // Last: whatever is still claimed in this worker's name is free for the others at once
      // (server.ts stops the process's own heartbeat after the web side has drained too).
      await own?.stop();
    },
  };
}

/** For a web process without a worker: puts jobs on the queue the workers take them from. */
export async function startJobProducer(ownerUrl: string, logger: Logger = processLog): Promise<{ jobs: JobQueue; stop(): Promise<void> }> {
  const boss = new PgBoss({ ...bossOptions(ownerUrl, 2, dbTimeouts()), supervise: false, schedule: false });
  boss.on('error', (error) => logger.warn('job queue', { error: error.message }));
  await boss.start();
  return { jobs: bossJobQueue(boss), stop: () => boss.stop({ graceful: false }) };
}
