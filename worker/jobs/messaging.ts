// Registers the messaging jobs: mail delivery, campaign dispatch, reply
// sentiment, and the sweep behind them. The mail adapter is chosen here.
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../domain/config.ts';
import type { Pools } from '../../domain/db/pools.ts';
import { bossJobQueue, type JobQueue } from '../../domain/jobs.ts';
import { createMailPort } from '../../domain/mail/index.ts';
import type { JobDeps } from './deps.ts';
import { registerMailJobs } from './mail.ts';
import { registerCampaignJobs } from './campaigns.ts';
import { registerSentimentJobs } from './sentiment.ts';
import { registerSweep } from './sweep.ts';

export async function registerMessagingJobs(boss: PgBoss, options: { pools: Pools; config: Config; log(line: string): void }):
  Promise<{ jobs: JobQueue; close(): Promise<void> }> {
  const jobs = bossJobQueue(boss);
  const deps: JobDeps = { ...options, mail: createMailPort(options.config, options.pools.app), jobs };
  await registerMailJobs(boss, deps);
  await registerCampaignJobs(boss, deps);
  await registerSentimentJobs(boss, deps);
  await registerSweep(boss, deps);
  return { jobs, close: () => deps.mail.close() };
}
