// Who may take a message that is being delivered (decision 011): a claim whose
// worker stopped beating is queued again (once, however many workers recover
// it); a live worker's claim is never taken; a worker releases its own claims
// it no longer works on; a job whose worker died before claiming its message
// gets a second job.
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { queuedRecipients } from '../support/worker-process.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { bossJobQueue, mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { mailSettings } from '#domain/mail/compose.server.ts';
import { createDelivery } from '#domain/mail/delivery.server.ts';
import { createMailPort } from '#domain/mail/index.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { testBoss } from '../support/test-boss.ts';
import { BOSS_SCHEMA, type JobDeps } from '#worker/jobs/deps.ts';
import { requeueOrphans } from '#worker/jobs/recovery.ts';

let db: TestDatabase;
let boss: PgBoss;
let me: Heartbeat;
let other: Heartbeat;
let deps: JobDeps;

beforeAll(async () => {
  db = await createTestDatabase();
  boss = testBoss(db.ownerUrl);
  await boss.start();
  await boss.createQueue(QUEUES.mailSend);
  me = await startHeartbeat(db.pools.app, () => undefined);
  other = await startHeartbeat(db.pools.app, () => undefined);
  const config = { ...loadConfig(), ...OUTBOX_MAIL };
  deps = {
    pools: db.pools, config, mail: createMailPort(config, db.pools.app), jobs: bossJobQueue(boss), worker: me.identity, log: () => undefined,
  };
});
afterAll(async () => {
  await me?.stop();
  await other?.stop();
  await boss?.stop({ graceful: false });
  await db?.drop();
});

/** A queued message to a new, consenting candidate. */
async function queuedMessage(tag: string): Promise<number> {
  return (await queuedRecipients(db.pools.owner, 1, tag)).messageIds[0];
}
async function claim(messageId: number, workerId: string, secondsAgo = 0) {
  await db.pools.owner.query(
    `update public.messages set status = 'sending', attempts = attempts + 1, claimed_by = $2, claimed_at = now() - make_interval(secs => $3)
      where id = $1`, [messageId, workerId, secondsAgo]);
}
const jobsFor = (messageId: number) => boss.findJobs(QUEUES.mailSend, { data: { messageId } });
const messageRow = async (id: number) =>
  (await db.pools.owner.query<{ status: string; claimed_by: string | null; attempts: number }>(
    'select status, claimed_by, attempts from public.messages where id = $1', [id])).rows[0];

describe('recovering deliveries', () => {
  it('queues a message again once its worker stopped beating, once however often recovery runs', async () => {
    const gone = await queuedMessage('gone');
    const silent = await queuedMessage('silent');
    const alive = await queuedMessage('alive');
    await claim(gone, 'host:1:never-seen');
    await db.pools.owner.query(`insert into private.worker_heartbeats (worker_id, seen_at) values ('host:2:silent', now() - interval '20 seconds')`);
    await claim(silent, 'host:2:silent');
    await claim(alive, other.identity.id);

    await requeueOrphans(deps);
    await requeueOrphans(deps);

    expect(await jobsFor(gone)).toHaveLength(1);
    expect(await jobsFor(silent)).toHaveLength(1);
    expect(await jobsFor(alive)).toHaveLength(0);
  });

  it('a delivery takes over a dead worker\'s claim but never a live worker\'s', async () => {
    const gone = await queuedMessage('takeover-gone');
    const alive = await queuedMessage('takeover-alive');
    await claim(gone, 'host:3:never-seen');
    await claim(alive, other.identity.id);
    const delivery = createDelivery({ app: db.pools.app, mail: deps.mail, settings: mailSettings(deps.config), worker: me.identity, inFlight: 5 });

    const outcomes = await delivery.deliver([gone, alive], () => false);

    expect(outcomes.get(gone)).toEqual({ status: 'sent' });
    expect(outcomes.get(alive)).toEqual({ status: 'not-claimed' });
    expect(await messageRow(gone)).toMatchObject({ status: 'sent', claimed_by: me.identity.id, attempts: 2 });
    expect(await messageRow(alive)).toMatchObject({ status: 'sending', claimed_by: other.identity.id, attempts: 1 });
  });

  it('a claim says its worker is alive: after an outage others do not take what it has just claimed', async () => {
    const message = await queuedMessage('claim-beats');
    // As after a database outage: this worker's last heartbeat is older than the stale limit.
    await db.pools.owner.query(`update private.worker_heartbeats set seen_at = now() - interval '20 seconds' where worker_id = $1`, [me.identity.id]);
    const delivery = createDelivery({ app: db.pools.app, mail: deps.mail, settings: mailSettings(deps.config), worker: me.identity, inFlight: 5 });

    expect((await delivery.deliver([message], () => false)).get(message)).toEqual({ status: 'sent' });
    const { rows: [beat] } = await db.pools.owner.query<{ fresh: boolean }>(
      `select seen_at > now() - interval '5 seconds' as fresh from private.worker_heartbeats where worker_id = $1`, [me.identity.id]);
    expect(beat.fresh).toBe(true);
  });

  it('releases its own claims it no longer works on, after a minute', async () => {
    const abandoned = await queuedMessage('abandoned');
    const working = await queuedMessage('working');
    const fresh = await queuedMessage('fresh');
    await claim(abandoned, me.identity.id, 120);
    await claim(working, me.identity.id, 120);
    await claim(fresh, me.identity.id);
    me.identity.working.add(working);
    try {
      await requeueOrphans(deps);
    } finally {
      me.identity.working.delete(working);
    }

    expect(await messageRow(abandoned)).toMatchObject({ status: 'queued' });
    expect(await jobsFor(abandoned)).toHaveLength(1);
    for (const id of [working, fresh]) {
      expect(await messageRow(id)).toMatchObject({ status: 'sending', claimed_by: me.identity.id });
      expect(await jobsFor(id)).toHaveLength(0);
    }
  });

  it('gives a second job to a message whose job was fetched by a worker that died before claiming it', async () => {
    // Queued a minute ago; three jobs fetched 20 s ago and never finished.
    const candidates = await queuedRecipients(db.pools.owner, 3, 'fetched');
    const { rows } = await db.pools.owner.query<{ id: number }>(
      `insert into public.messages (candidate_id, direction, channel, subject, content, status, created_at, updated_at)
       select candidate_id, 'out', 'email', 'Hi', 'Hello', 'queued', now() - interval '1 minute', now() - interval '1 minute'
         from public.messages where id = any($1) order by id
       returning id`, [candidates.messageIds]);
    const [unclaimed, retried, claimedLive] = rows.map((r) => r.id);
    await bossJobQueue(boss).send(QUEUES.mailSend, rows.map((r) => mailJob(r.id)));
    const fetched = await boss.fetch<{ messageId: number }>(QUEUES.mailSend, { batchSize: 1000 });
    const ours = fetched.filter((job) => rows.some((r) => r.id === job.data.messageId)).map((job) => job.id);
    expect(ours).toHaveLength(3);
    await db.pools.owner.query(`update ${BOSS_SCHEMA}.job set started_on = now() - interval '20 seconds' where id = any($1::uuid[])`, [ours]);
    // A live worker recorded a temporary failure since (the message changed after its job started), or claimed it.
    await db.pools.owner.query(`update public.messages set error = 'SMTP 451: try again' where id = $1`, [retried]);
    await claim(claimedLive, other.identity.id);

    await requeueOrphans(deps);

    expect(await jobsFor(unclaimed)).toHaveLength(2);
    expect(await jobsFor(retried)).toHaveLength(1);
    expect(await jobsFor(claimedLive)).toHaveLength(1);
  });
});
