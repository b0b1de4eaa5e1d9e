// A recruiter's cancel and the worker's delivery claim both lock a campaign's
// queued messages. Each takes the row locks in id order, so neither can hold a
// message the other needs while waiting for one the other holds (a deadlock:
// PostgreSQL aborts one, and the recruiter's cancel answered 500). The messages
// here are written in reverse id order, so a statement that locks in the order
// it finds the rows would take the highest id first.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { OUTBOX_MAIL } from '../support/smtp-sink.ts';
import { until } from '../support/until.ts';
import { queuedRecipients } from '../support/worker-process.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { mailSettings } from '#domain/mail/compose.server.ts';
import { createDelivery } from '#domain/mail/delivery.server.ts';
import { createMailPort } from '#domain/mail/index.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';

let db: TestDatabase;
let worker: Heartbeat;

beforeAll(async () => {
  db = await createTestDatabase();
  worker = await startHeartbeat(db.pools.app, () => undefined);
});
afterAll(async () => {
  await worker?.stop();
  await db?.drop();
});

/** Three queued messages (ids ascending) stored highest id first, of a campaign that is sending if one is asked for. */
async function messagesStoredInReverse(tag: string, withCampaign: boolean): Promise<{ ids: number[]; campaignId: number | null }> {
  const { messageIds } = await queuedRecipients(db.pools.owner, 3, tag);
  const { rows: [campaign] } = withCampaign
    ? await db.pools.owner.query<{ id: number }>(
      `insert into public.campaigns (name, campaign_type, status, started_at) values ($1, 'quick', 'sending', now()) returning id::int`, [tag])
    : { rows: [{ id: null }] };
  await db.pools.owner.query(
    `with old as (delete from public.messages where id = any($1) returning *)
     insert into public.messages (id, candidate_id, campaign_id, direction, channel, subject, content, status) overriding system value
     select id, candidate_id, $2, direction, channel, subject, content, status from old order by id desc`,
    [messageIds, campaign.id]);
  return { ids: messageIds.toSorted((a, b) => a - b), campaignId: campaign.id };
}

/** A connection holding a lock on one message, and a way to see who waits for it. */
async function holdLock(messageId: number) {
  const holder = new pg.Client({ connectionString: db.ownerUrl });
  await holder.connect();
  await holder.query('begin');
  await holder.query('select 1 from public.messages where id = $1 for update', [messageId]);
  const { rows: [{ pid }] } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
  const waitersFor = async () => (await db.pools.owner.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [pid])).rows[0].n;
  return {
    untilSomeoneWaits: () => until(waitersFor, (n) => n > 0),
    release: async () => { await holder.query('commit'); await holder.end(); },
  };
}

/** Whether another transaction holds a lock on the message (NOWAIT fails at once instead of waiting). */
async function isLocked(messageId: number): Promise<boolean> {
  const probe = new pg.Client({ connectionString: db.ownerUrl });
  await probe.connect();
  try {
    await probe.query('begin');
    await probe.query('select 1 from public.messages where id = $1 for update nowait', [messageId]);
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return true;
    throw error;
  } finally {
    await probe.query('rollback');
    await probe.end();
  }
}

const statuses = async (ids: number[]) => (await db.pools.owner.query<{ status: string }>(
  'select status from public.messages where id = any($1) order by id', [ids])).rows.map((row) => row.status);

describe('the row locks of a cancel and of a delivery claim', () => {
  it('a cancel locks its queued messages lowest id first', async () => {
    const { ids: [low, middle, high], campaignId } = await messagesStoredInReverse('cancel-order', true);
    const lock = await holdLock(middle);

    const cancel = db.pools.owner.query(`update public.campaigns set status = 'cancelled' where id = $1`, [campaignId]);
    await lock.untilSomeoneWaits();

    // Waiting for the middle one: it holds the lowest, and not yet the highest.
    expect(await isLocked(low)).toBe(true);
    expect(await isLocked(high)).toBe(false);
    await lock.release();
    await cancel;
    expect(await statuses([low, middle, high])).toEqual(['failed', 'failed', 'failed']);
  });

  it('a delivery claim locks its messages lowest id first', async () => {
    const { ids: [low, middle, high] } = await messagesStoredInReverse('claim-order', false);
    const config = { ...loadConfig(), ...OUTBOX_MAIL };
    const delivery = createDelivery({
      app: db.pools.app, mail: createMailPort(config, db.pools.app), settings: mailSettings(config), worker: worker.identity, inFlight: 5 });
    const lock = await holdLock(middle);

    const delivered = delivery.deliver([high, middle, low], () => false);
    await lock.untilSomeoneWaits();

    expect(await isLocked(low)).toBe(true);
    expect(await isLocked(high)).toBe(false);
    await lock.release();
    const outcomes = await delivered;
    expect([...outcomes.values()].map((outcome) => outcome.status)).toEqual(['sent', 'sent', 'sent']);
    expect(await statuses([low, middle, high])).toEqual(['sent', 'sent', 'sent']);
  });
});
