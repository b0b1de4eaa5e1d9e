// Recovery of deliveries a dead worker left behind (decision 011), every
// HEARTBEAT_SECONDS in every worker, and once at start: messages whose claim
// is stale, this worker's own abandoned claims, and messages whose job a
// worker fetched but died before claiming (the job stays 'active' in pg-boss
// until it expires after minutes). Each gets a new job; the job ids are derived
// from the cause, so several workers recovering at once queue it once.
import { mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { neverClaimed, orphanedDeliveries } from '#domain/mail/delivery.server.ts';
import { CLAIM_STALE_SECONDS, HEARTBEAT_SECONDS } from '#platform/runtime/workers.server.ts';
import { BOSS_SCHEMA, type JobDeps } from './deps.ts';

export async function requeueOrphans(deps: JobDeps): Promise<number> {
  const orphans = await orphanedDeliveries({ app: deps.pools.app, worker: deps.worker });
  // pg-boss keeps no worker id on a job: a job active this long whose message was never claimed lost its worker.
  const { rows: held } = await deps.pools.owner.query<{ jobId: string; messageId: number; startedOn: Date }>(
    `select j.id::text as "jobId", x.id::bigint as "messageId", j.started_on as "startedOn"
       from ${BOSS_SCHEMA}.job j
       cross join lateral jsonb_array_elements_text(coalesce(j.data->'messageIds', jsonb_build_array(j.data->'messageId'))) as x(id)
      where j.name = $1 and j.state = 'active' and j.started_on < now() - make_interval(secs => $2)
        and exists (select 1 from public.messages m where m.status = 'queued' and m.updated_at < now() - make_interval(secs => $2))
      limit 5000`, [QUEUES.mailSend, CLAIM_STALE_SECONDS]);
  orphans.push(...await neverClaimed(deps.pools.app, held));
  if (!orphans.length) return 0;
  await deps.jobs.send(QUEUES.mailSend, orphans.map((o) => mailJob(o.id, o.attempts, o.cause)));
  deps.log(`mail-send: ${orphans.length} message(s) queued again after a worker stopped`);
  return orphans.length;
}

/** Runs requeueOrphans now and every HEARTBEAT_SECONDS; returns the stop function. */
export function startRecovery(deps: JobDeps): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = requeueOrphans(deps)
      .catch((error: Error) => deps.log(`mail-send recovery: ${error.message}`))
      .finally(() => { if (!stopped) timer = setTimeout(tick, HEARTBEAT_SECONDS * 1000); });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
