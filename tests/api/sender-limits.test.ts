// Sender limits (issue 12): a daily cap and a per-minute rate per sending
// mailbox, taken at the delivery claim. Two workers claiming at once never
// overshoot; what does not fit waits, queued, with send_after at the next
// window (local midnight in the organisation's zone, or the next minute) and
// is sent then. The clock is the delivery's injectable one, not real waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { smtpConfig, startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { queuedRecipients } from '../support/worker-process.ts';
import { until } from '../support/until.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { bossJobQueue, mailJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { mailSettings } from '#domain/mail/compose.server.ts';
import { createDelivery, type Delivery, type Outcome } from '#domain/mail/delivery.server.ts';
import { createMailPort } from '#domain/mail/index.server.ts';
import type { MailPort } from '#platform/mail/port.server.ts';
import { deferredMailJob, senderKey, takeSenderQuota, type SenderLimits } from '#domain/mail/sender-limits.server.ts';
import { waitingCounts } from '#domain/campaigns/waiting.server.ts';
import { asService } from '#platform/db/request.server.ts';
import { startHeartbeat, type Heartbeat } from '#platform/runtime/workers.server.ts';
import { startWorker, type Worker } from '#worker/index.ts';
import { testBoss } from '../support/test-boss.ts';
import { sweep } from '#worker/jobs/sweep.ts';

let db: TestDatabase;
let sink: SmtpSink;
const beats: Heartbeat[] = [];
const ports: MailPort[] = [];

beforeAll(async () => {
  sink = await startSmtpSink({ keep: false });
  db = await createTestDatabase();
  // The zone the daily window follows (the settings' default; set here so the expectations below do not depend on it).
  await db.pools.owner.query(`update public.organisation_settings set time_zone = 'Europe/Amsterdam'`);
});
afterAll(async () => {
  for (const beat of beats) await beat.stop();
  for (const port of ports) await port.close();
  await db?.drop();
  await sink?.close();
});

const config = () => ({ ...loadConfig(), ...smtpConfig(sink) });

/** A delivery of its own worker identity (as a second worker process would have). */
async function delivery(limits: SenderLimits, clock: () => Date, from = 'Talentloop Recruiting <recruiting@talentloop.test>'): Promise<Delivery> {
  const beat = await startHeartbeat(db.pools.app, () => undefined);
  beats.push(beat);
  const cfg = { ...config(), smtp: { ...config().smtp, from } };
  const mail = createMailPort(cfg, db.pools.app);
  ports.push(mail);
  return createDelivery({
    app: db.pools.app, mail, settings: mailSettings(cfg), worker: beat.identity, inFlight: 5, limits, clock,
  });
}

/** `count` queued messages of one campaign. */
async function campaignMessages(count: number, tag: string) {
  const { messageIds, emails } = await queuedRecipients(db.pools.owner, count, tag);
  const { rows: [campaign] } = await db.pools.owner.query<{ id: number }>(
    `insert into public.campaigns (name, campaign_type, email_subject, email_content, status, started_at)
     values ($1, 'nurture', 'A new role', 'Hello', 'sending', now()) returning id`, [`Limits ${tag}`]);
  await db.pools.owner.query('update public.messages set campaign_id = $1 where id = any($2)', [campaign.id, messageIds]);
  return { campaignId: campaign.id, messageIds, emails };
}

const rows = async (ids: number[]) => (await db.pools.owner.query<{ id: number; status: string; attempts: number; send_after: Date | null; wait_reason: string | null }>(
  'select id, status, attempts, send_after, wait_reason from public.messages where id = any($1) order by id', [ids])).rows;
const delivered = (emails: string[]) => emails.filter((email) => sink.perRecipient.has(email)).length;
const byStatus = (outcomes: Map<number, Outcome>[]) => {
  const counts: Record<string, number> = {};
  for (const map of outcomes) for (const outcome of map.values()) counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
  return counts;
};
const always = () => false;

describe('sender limits', () => {
  it('two workers claiming at once send exactly the daily cap; the rest waits for midnight in the organisation\'s zone, then goes', async () => {
    const { campaignId, messageIds, emails } = await campaignMessages(30, 'daily');
    let now = new Date('2026-12-01T10:00:30Z');
    const limits = { dailyCap: 10, perMinute: null };
    const [a, b] = [await delivery(limits, () => now), await delivery(limits, () => now)];

    const first = await Promise.all([a.deliver(messageIds.slice(0, 15), always), b.deliver(messageIds.slice(15), always)]);
    expect(byStatus(first)).toEqual({ sent: 10, deferred: 20 });
    expect(delivered(emails)).toBe(10);
    const waiting = (await rows(messageIds)).filter((row) => row.status === 'queued');
    expect(waiting).toHaveLength(20);
    // Midnight in Amsterdam (UTC+1 in December), the attempt not counted.
    const midnight = new Date('2026-12-01T23:00:00Z');
    for (const row of waiting) expect(row).toMatchObject({ attempts: 0, send_after: midnight, wait_reason: 'sender_daily_cap' });
    for (const map of first) for (const outcome of map.values()) if (outcome.status === 'deferred') expect(outcome.until).toEqual(midnight);

    // The campaign says what waits and why. waitingCounts reads the database's clock, so for this one question the
    // waiting messages are moved to a real tomorrow, then back.
    await db.pools.owner.query(`update public.messages set send_after = now() + interval '13 hours' where id = any($1) and status = 'queued'`, [messageIds]);
    expect(await asService(db.pools.app, (tx) => waitingCounts(tx, campaignId)))
      .toMatchObject({ waitingForLimit: 20, waitingForDailyCap: 20, waitingForWindow: 0, nextSendAt: expect.any(String) });
    await db.pools.owner.query(`update public.messages set send_after = $2 where id = any($1) and status = 'queued'`, [messageIds, midnight]);

    // Before midnight nothing more goes; from midnight the next 10.
    now = new Date('2026-12-01T22:59:59Z');
    expect(byStatus([await a.deliver(messageIds, always)])).toEqual({ 'not-claimed': 30 });
    now = midnight;
    const next = await Promise.all([a.deliver(messageIds, always), b.deliver(messageIds, always)]);
    expect(delivered(emails)).toBe(20);
    expect(byStatus(next).sent).toBe(10);
    const left = (await rows(messageIds)).filter((row) => row.status === 'queued');
    expect(left).toHaveLength(10);
    for (const row of left) expect(row.send_after).toEqual(new Date('2026-12-02T23:00:00Z'));
    expect([...sink.perRecipient.entries()].filter(([email, n]) => emails.includes(email) && n > 1)).toEqual([]);
  });

  it('the per-minute rate: the rest waits for the next minute, with its reason; the cap is per sending mailbox', async () => {
    const { messageIds, emails } = await campaignMessages(12, 'rate');
    let now = new Date('2026-12-03T09:15:42Z');
    const limits = { dailyCap: 400, perMinute: 5 };
    const a = await delivery(limits, () => now);
    const b = await delivery(limits, () => now);
    await Promise.all([a.deliver(messageIds.slice(0, 6), always), b.deliver(messageIds.slice(6), always)]);
    expect(delivered(emails)).toBe(5);
    const waiting = (await rows(messageIds)).filter((row) => row.status === 'queued');
    expect(waiting).toHaveLength(7);
    for (const row of waiting) expect(row).toMatchObject({ send_after: new Date('2026-12-03T09:16:00Z'), wait_reason: 'sender_rate' });

    now = new Date('2026-12-03T09:16:00Z');
    await a.deliver(messageIds, always);
    expect(delivered(emails)).toBe(10);
    const rest = (await rows(messageIds)).filter((row) => row.status === 'queued');
    expect(rest.map((row) => row.send_after)).toEqual([new Date('2026-12-03T09:17:00Z'), new Date('2026-12-03T09:17:00Z')]);

    // This minute is used up for recruiting@, not for another From address: it has counters of its own.
    const others = await campaignMessages(2, 'rate-other');
    const other = await delivery(limits, () => now, 'Sam <Sam@Other.test>');
    expect(byStatus([await other.deliver(others.messageIds, always)])).toEqual({ sent: 2 });
    const { rows: counters } = await db.pools.owner.query<{ sender: string; window_kind: string; used: number }>(
      `select sender, window_kind, used from private.sender_sends where window_start > '2026-12-02T12:00:00Z'
        order by sender, window_kind, window_start`);
    expect(counters).toEqual([
      { sender: 'recruiting@talentloop.test', window_kind: 'day', used: 10 },
      { sender: 'recruiting@talentloop.test', window_kind: 'minute', used: 5 },
      { sender: 'recruiting@talentloop.test', window_kind: 'minute', used: 5 },
      { sender: 'sam@other.test', window_kind: 'day', used: 2 },
      { sender: 'sam@other.test', window_kind: 'minute', used: 2 },
    ]);
  });

  it('a message counts once, at its first claim: taken over from a dead worker it goes even when the cap is used up', async () => {
    const { messageIds: [fresh, orphan], emails } = await campaignMessages(2, 'takeover');
    const now = new Date('2026-12-05T10:00:00Z');
    const a = await delivery({ dailyCap: 1, perMinute: null }, () => now);
    // A worker that died after its claim of `orphan` (which took the day's only send) and before recording it.
    await asService(db.pools.app, (tx) => takeSenderQuota(tx, 'Talentloop <recruiting@talentloop.test>', 1, { dailyCap: 1, perMinute: null }, now));
    await db.pools.owner.query(`update public.messages set status = 'sending', attempts = 1, claimed_by = 'host:9:gone', claimed_at = now() where id = $1`, [orphan]);

    expect(byStatus([await a.deliver([orphan], always)])).toEqual({ sent: 1 });
    expect(byStatus([await a.deliver([fresh], always)])).toEqual({ deferred: 1 });
    expect(delivered(emails)).toBe(1);
  });

  it('the sweep queues a waiting message whose job went missing, under the id its wait gave it', async () => {
    const { messageIds: [id] } = await campaignMessages(1, 'sweep');
    const due = new Date(Date.now() - 5 * 60_000);
    // Left waiting ten minutes ago (the touch trigger would stamp updated_at now: off for this one write).
    const owner = await db.pools.owner.connect();
    try {
      await owner.query('begin');
      await owner.query('set local session_replication_role = replica');
      await owner.query(
        `update public.messages set send_after = $2, wait_reason = 'sender_daily_cap', updated_at = now() - interval '10 minutes' where id = $1`, [id, due]);
      await owner.query('commit');
    } finally {
      owner.release();
    }
    const boss = testBoss(db.ownerUrl);
    await boss.start();
    const beat = await startHeartbeat(db.pools.app, () => undefined);
    beats.push(beat);
    try {
      await boss.createQueue(QUEUES.mailSend);
      const cfg = config();
      const mail = createMailPort(cfg, db.pools.app);
      ports.push(mail);
      await sweep({ pools: db.pools, config: cfg, mail, jobs: bossJobQueue(boss), worker: beat.identity, log: () => undefined });
      const jobs = await boss.findJobs(QUEUES.mailSend, { data: { messageId: id } });
      expect(jobs.map((job) => job.id)).toContain(deferredMailJob(id, 0, due).id);
    } finally {
      await boss.stop({ graceful: false });
      // Not for a later test's worker to send (it would use that test's quota).
      await db.pools.owner.query(`update public.messages set status = 'failed', error = 'test done' where id = $1`, [id]);
    }
  });

  it('the quota function grants across the day boundary of the organisation\'s zone, DST included', async () => {
    const at = async (iso: string, cap = 1) => asService(db.pools.app, (tx) => takeSenderQuota(tx, 'dst@talentloop.test', 2, { dailyCap: cap, perMinute: null }, new Date(iso)));
    // 29 March 2026: Amsterdam moves from UTC+1 to UTC+2; the next midnight is 22:00Z.
    expect(await at('2026-03-29T12:00:00Z')).toEqual({ granted: 1, waitUntil: new Date('2026-03-29T22:00:00Z'), waitReason: 'sender_daily_cap' });
    expect(await at('2026-03-29T21:59:59Z')).toEqual({ granted: 0, waitUntil: new Date('2026-03-29T22:00:00Z'), waitReason: 'sender_daily_cap' });
    expect(await at('2026-03-29T22:00:00Z')).toMatchObject({ granted: 1 });
    expect(senderKey('Sam Recruiter <Sam@Example.COM>')).toBe('sam@example.com');
  });

  it('through the worker: a job that meets the cap puts the rest back with a job of its own at the window', async () => {
    const { messageIds, emails } = await campaignMessages(5, 'worker');
    await db.pools.owner.query(`insert into private.sender_sends values ('recruiting@talentloop.test', 'day',
      (date_trunc('day', now() at time zone 'Europe/Amsterdam')) at time zone 'Europe/Amsterdam', 397)
      on conflict (sender, window_kind, window_start) do update set used = 397`);
    const worker: Worker = await startWorker(db.ownerUrl, db.pools, { ...config(), senderLimits: { dailyCap: 400, perMinute: null } });
    try {
      await worker.jobs.send(QUEUES.mailSend, messageIds.map((id) => mailJob(id)));
      await until(() => rows(messageIds), (list) => list.filter((r) => r.status === 'sent').length === 3 && list.filter((r) => r.wait_reason).length === 2);
      expect(delivered(emails)).toBe(3);
      const boss = testBoss(db.ownerUrl, { migrate: false });
      await boss.start();
      try {
        // The worker records the wait on the message, then queues its job: wait for the job, due when the message is.
        const waiting = (await rows(messageIds)).filter((r) => r.status === 'queued');
        expect(waiting).toHaveLength(2);
        for (const row of waiting) {
          const later = await until(async () => (await boss.findJobs(QUEUES.mailSend, { data: { messageId: row.id } }))
            .find((job) => job.state === 'created'), (job) => job !== undefined);
          expect(later?.startAfter).toEqual(row.send_after);
        }
      } finally {
        await boss.stop({ graceful: false });
      }
    } finally {
      await worker.stop();
    }
  });
});
