// What the messaging jobs share, and queue creation that keeps options in step.
import type { PgBoss, Queue } from 'pg-boss';
import type { Config } from '#platform/runtime/config.server.ts';
import type { Pools } from '#platform/db/pools.server.ts';
import type { JobQueue } from '#platform/runtime/jobs.server.ts';
import type { MailPort } from '#platform/mail/port.server.ts';
import type { WorkerIdentity } from '#platform/runtime/workers.server.ts';
import type { WhatsAppPort } from '#domain/whatsapp/cloud-api.server.ts';
import type { Logger } from '#platform/runtime/log.server.ts';

/** pg-boss's schema. */
export const BOSS_SCHEMA = 'pgboss';

export interface JobDeps {
  pools: Pools;
  config: Config;
  mail: MailPort;
  /** The WhatsApp Cloud API adapter (reads its configuration at each send); absent: "WhatsApp not configured". */
  whatsapp?: WhatsAppPort;
  jobs: JobQueue;
  /** This worker process: its claims carry the id. */
  worker: WorkerIdentity;
  /** A line of text (logger.info). */
  log(line: string): void;
  /** One line per job (./job-log.ts) and structured lines; absent: the process's logger. */
  logger?: Logger;
}

/** What the jobs that mail admins (staff mail) need of the worker's dependencies. */
export const staffMailDeps = (deps: Pick<JobDeps, 'mail' | 'config'>) => ({ mail: deps.mail, from: deps.config.smtp.from, publicUrl: deps.config.publicUrl });

/** createQueue keeps the options a queue was first made with; updateQueue applies today's. */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, 'name' | 'policy' | 'partition' | 'deadLetter'> = {}) {
  await boss.createQueue(name, options);
  if (Object.keys(options).length) await boss.updateQueue(name, options);
}
