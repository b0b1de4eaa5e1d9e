// Background jobs on pg-boss. Runs inside the web process by default
// (server.ts) or alone for scale-out (`npm run worker`). Every handler must be
// safe to run twice: pg-boss delivers at least once.
import { PgBoss } from 'pg-boss';
import type { Pools } from '#domain/db/pools.ts';
import { asService } from '#domain/db/request.ts';
import { loadConfig, type Config } from '#domain/runtime/config.ts';
import type { JobQueue } from '#domain/runtime/jobs.ts';
import { startHeartbeat, type Heartbeat } from '#domain/runtime/workers.ts';
import { BOSS_SCHEMA } from './jobs/deps.ts';
import { registerMessagingJobs } from './jobs/messaging.ts';

export interface Worker {
  boss: PgBoss;
  /** For the API in the same process: hands it work at once. */
  jobs: JobQueue;
  stop(): Promise<void>;
}

export const QUEUES = {
  maintenance: 'maintenance',
} as const;

export async function startWorker(ownerUrl: string, pools: Pools, log: (line: string) => void = console.log,
  config: Config = loadConfig()): Promise<Worker> {
  // First: nothing may be claimed in this worker's name before it is seen alive.
  const heartbeat = await startHeartbeat(pools.app, log);
  try {
    return await startQueues(ownerUrl, pools, log, config, heartbeat);
  } catch (error) {
    await heartbeat.stop();
    throw error;
  }
}

async function startQueues(ownerUrl: string, pools: Pools, log: (line: string) => void, config: Config, heartbeat: Heartbeat): Promise<Worker> {
  const boss = new PgBoss({ connectionString: ownerUrl, schema: BOSS_SCHEMA, max: 4 });
  boss.on('error', (error) => log(`worker: ${error.message}`));
  await boss.start();

  await boss.createQueue(QUEUES.maintenance);
  // Housekeeping every 10 minutes: spent rate-limit windows, heartbeats of workers long gone.
  await boss.schedule(QUEUES.maintenance, '*/10 * * * *');
  await boss.work(QUEUES.maintenance, async () => {
    await pools.owner.query("delete from private.rate_limits where window_started_at < now() - interval '1 day'");
    await pools.owner.query("delete from private.worker_heartbeats where seen_at < now() - interval '1 day'");
    await asService(pools.app, (tx) => tx.query("delete from public.booking_links where expires_at < now() - interval '90 days'"));
  });

  const messaging = await registerMessagingJobs(boss, { pools, config, log, worker: heartbeat.identity });

  return {
    boss,
    jobs: messaging.jobs,
    stop: async () => {
      await messaging.stopRecovery();
      await boss.stop({ graceful: true, timeout: 5000 });
      await messaging.close();
      // Last: whatever is still claimed in this worker's name is free for the others at once.
      await heartbeat.stop();
    },
  };
}
