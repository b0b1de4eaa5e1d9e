// What the messaging jobs share, and queue creation that keeps options in step.
import type { PgBoss, Queue } from 'pg-boss';
import type { Config } from '#domain/runtime/config.ts';
import type { Pools } from '#domain/db/pools.ts';
import type { JobQueue } from '#domain/runtime/jobs.ts';
import type { MailPort } from '#domain/mail/port.ts';
import type { WorkerIdentity } from '#domain/runtime/workers.ts';
import type { WhatsAppPort } from '#domain/whatsapp/cloud-api.ts';
import type { Logger } from '#domain/runtime/log.ts';

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

/** createQueue keeps the options a queue was first made with; updateQueue applies today's. */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, 'name' | 'policy' | 'partition' | 'deadLetter'> = {}) {
  await boss.createQueue(name, options);
  if (Object.keys(options).length) await boss.updateQueue(name, options);
}
