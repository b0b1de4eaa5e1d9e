// Background jobs on pg-boss. Runs inside the web process by default
// (server.ts) or alone for scale-out (`npm run worker`). Every handler must be
// safe to run twice: pg-boss delivers at least once.
import { PgBoss } from 'pg-boss';
import type { Pools } from '../domain/db/pools.ts';
import { asService } from '../domain/db/request.ts';
import { loadConfig, type Config } from '../domain/config.ts';
import type { JobQueue } from '../domain/jobs.ts';
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
  const boss = new PgBoss({ connectionString: ownerUrl, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => log(`worker: ${error.message}`));
  await boss.start();

  await boss.createQueue(QUEUES.maintenance);
  // Housekeeping every 10 minutes: spent rate-limit windows.
  await boss.schedule(QUEUES.maintenance, '*/10 * * * *');
  await boss.work(QUEUES.maintenance, async () => {
    await pools.owner.query("delete from private.rate_limits where window_started_at < now() - interval '1 day'");
    await asService(pools.app, (tx) => tx.query("delete from public.booking_links where expires_at < now() - interval '90 days'"));
  });

  const messaging = await registerMessagingJobs(boss, { pools, config, log });

  return {
    boss,
    jobs: messaging.jobs,
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 5000 });
      await messaging.close();
    },
  };
}
