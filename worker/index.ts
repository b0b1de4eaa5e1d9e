// Background jobs on pg-boss. Runs inside the web process by default
// (server.ts) or alone for scale-out (`npm run worker`). Every handler must be
// safe to run twice: pg-boss delivers at least once.
import { PgBoss } from 'pg-boss';
import type { Pools } from '../domain/db/pools.ts';
import { asService } from '../domain/db/request.ts';

export interface Worker {
  boss: PgBoss;
  stop(): Promise<void>;
}

export const QUEUES = {
  maintenance: 'maintenance',
} as const;

export async function startWorker(ownerUrl: string, pools: Pools, log: (line: string) => void = console.log): Promise<Worker> {
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

  return {
    boss,
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
