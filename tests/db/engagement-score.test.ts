// One score rule: public.recompute_engagement() (what the database stores) and
// scoreOf() of domain/engagement/score.ts (what the drawer explains) give the
// same score for the same events, for random event sets; the recompute is one
// update that writes only changed scores, and only service_role may run it.
import fc from 'fast-check';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asService, withClaims } from '#platform/db/request.server.ts';
import { recomputeAllEngagement } from '#domain/engagement/recompute.server.ts';
import { bandOf, scoreOf, type ScoreEvent } from '#domain/engagement/score.ts';
import { engagementScoreJob, QUEUES } from '#platform/runtime/jobs.server.ts';
import { testBoss } from '../support/test-boss.ts';
import { ENGAGEMENT_CATCH_UP_CRON, ENGAGEMENT_NIGHTLY_CRON, registerEngagementScoreJobs } from '#worker/jobs/engagement-score.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { until } from '../support/until.ts';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

const NOW = new Date('2026-11-24T12:00:00.000Z');
const MINUTE = 60_000;
const SENTIMENTS = ['positive', 'negative', 'neutral', 'other', null] as const;

interface GeneratedEvent {
  kind: 'open' | 'click' | 'reply' | 'bounce' | 'unsubscribe' | 'meeting_booked';
  /** Minutes before NOW (negative: slightly in the future). */
  minutesAgo: number;
  machine: boolean;
  /** For a reply: the sentiment on the event, and the refined one on the reply message (when it has one). */
  eventSentiment: (typeof SENTIMENTS)[number];
  messageSentiment: (typeof SENTIMENTS)[number] | 'no message';
}

const eventArbitrary = fc.record({
  kind: fc.constantFrom('open', 'open', 'open', 'click', 'click', 'reply', 'bounce', 'unsubscribe', 'meeting_booked'),
  // Mostly recent and clustered (repeats within 24 h), some old, a few past the 365-day horizon or just ahead of now.
  minutesAgo: fc.oneof(
    fc.integer({ min: 0, max: 3 * 24 * 60 }),
    fc.integer({ min: 0, max: 120 * 24 * 60 }),
    fc.integer({ min: 360 * 24 * 60, max: 370 * 24 * 60 }),
    fc.integer({ min: -5, max: 0 }),
  ),
  machine: fc.boolean(),
  eventSentiment: fc.constantFrom(...SENTIMENTS),
  messageSentiment: fc.constantFrom(...SENTIMENTS, 'no message' as const),
}) as fc.Arbitrary<GeneratedEvent>;

async function newCandidates(count: number): Promise<number[]> {
  const { rows } = await db.pools.owner.query<{ id: string }>(
    `insert into public.candidates (name) select 'Score test ' || g from generate_series(1, $1) g returning id`, [count]);
  return rows.map((row) => Number(row.id));
}

/** Writes the events as the product does (a reply event names its reply message); returns what the TS mirror reads. */
async function writeEvents(candidateId: number, events: GeneratedEvent[]): Promise<ScoreEvent[]> {
  const read: ScoreEvent[] = [];
  for (const event of events) {
    const at = new Date(NOW.getTime() - event.minutesAgo * MINUTE);
    let replyMessageId: number | null = null;
    if (event.kind === 'reply' && event.messageSentiment !== 'no message') {
      const { rows } = await db.pools.owner.query<{ id: string }>(
        `insert into public.messages (candidate_id, direction, channel, content, sentiment, status)
         values ($1, 'in', 'email', 'A reply', $2, 'received') returning id`, [candidateId, event.messageSentiment]);
      replyMessageId = Number(rows[0].id);
    }
    const metadata = event.kind === 'reply'
      ? { sentiment: event.eventSentiment, ...(replyMessageId ? { replyMessageId } : {}) } : {};
    const { rows } = await db.pools.owner.query<{ id: string }>(
      `insert into public.engagement_events (candidate_id, kind, occurred_at, machine, metadata) values ($1, $2, $3, $4, $5) returning id`,
      [candidateId, event.kind, at, event.machine, JSON.stringify(metadata)]);
    const sentiment = event.kind !== 'reply' ? null
      : replyMessageId ? event.messageSentiment as string | null ?? event.eventSentiment : event.eventSentiment;
    read.push({ id: Number(rows[0].id), kind: event.kind, at, machine: event.machine, sentiment });
  }
  return read;
}

const recompute = (ids: number[] | null, now = NOW) => asService(db.pools.app, async (tx) =>
  (await tx.query<{ changed: number }>('select public.recompute_engagement($1::bigint[], $2) as changed', [ids, now])).rows[0].changed);

/** The candidates among `ids` that are due for a recompute. */
async function pendingOf(ids: number[]): Promise<number[]> {
  const { rows } = await db.pools.owner.query<{ id: string }>(
    'select candidate_id as id from private.engagement_pending where candidate_id = any($1::bigint[]) order by 1', [ids]);
  return rows.map((row) => Number(row.id));
}

async function storedScores(ids: number[]) {
  const { rows } = await db.pools.owner.query<{ id: string; engagement_score: number; band: string; engagement_scored_at: Date | null }>(
    `select id, engagement_score, public.engagement_band(engagement_score) as band, engagement_scored_at
       from public.candidates where id = any($1::bigint[]) order by id`, [ids]);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

describe('engagement score: one rule in SQL and TypeScript', () => {
  it('gives the same score for random event sets', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.array(eventArbitrary, { maxLength: 14 }), { minLength: 1, maxLength: 6 }), async (sets) => {
      const ids = await newCandidates(sets.length);
      const expected = new Map<number, number>();
      for (const [i, events] of sets.entries()) expected.set(ids[i], scoreOf(await writeEvents(ids[i], events), NOW));
      await recompute(ids);
      for (const row of await storedScores(ids)) {
        expect({ id: row.id, score: row.engagement_score }).toEqual({ id: row.id, score: expected.get(row.id) });
        expect(row.band).toBe(bandOf(row.engagement_score));
      }
    }), { numRuns: 40 });
  });

  it('writes only the candidates named, and only scores that change; null recomputes all', async () => {
    const [a, b] = await newCandidates(2);
    await writeEvents(a, [{ kind: 'meeting_booked', minutesAgo: 60, machine: false, eventSentiment: null, messageSentiment: 'no message' }]);
    await writeEvents(b, [{ kind: 'click', minutesAgo: 60, machine: false, eventSentiment: null, messageSentiment: 'no message' }]);

    expect(await recompute([a])).toBe(1);
    expect((await storedScores([a, b])).map((row) => row.engagement_score)).toEqual([40, 0]);
    const scoredAt = (await storedScores([a]))[0].engagement_scored_at;
    expect(scoredAt?.toISOString()).toBe(NOW.toISOString());
    // Nothing changed: nothing written, the time of the last change stays.
    expect(await recompute([a], new Date(NOW.getTime() + MINUTE))).toBe(0);
    expect((await storedScores([a]))[0].engagement_scored_at?.toISOString()).toBe(NOW.toISOString());

    // All candidates; thirty days later the meeting weighs half (decay).
    expect(await recompute(null)).toBeGreaterThanOrEqual(1);
    expect((await storedScores([a, b])).map((row) => row.engagement_score)).toEqual([40, 10]);
    await recompute(null, new Date(NOW.getTime() + 30 * 24 * 60 * MINUTE));
    expect((await storedScores([a, b])).map((row) => row.engagement_score)).toEqual([20, 5]);
    // A year later, nothing is left.
    await recompute(null, new Date(NOW.getTime() + 400 * 24 * 60 * MINUTE));
    expect((await storedScores([a, b])).map((row) => row.engagement_score)).toEqual([0, 0]);
  });

  it('walks everyone in id ranges (the nightly pass) to the same scores, planning each range with its ids', async () => {
    const ids = await newCandidates(7);
    for (const [i, id] of ids.entries()) {
      await writeEvents(id, [{ kind: i % 2 ? 'click' : 'meeting_booked', minutesAgo: i * 24 * 60, machine: false, eventSentiment: null, messageSentiment: 'no message' }]);
    }
    const later = new Date(NOW.getTime() + 3 * 24 * 60 * MINUTE);
    // Small ranges: more than the five runs after which a cached generic plan could take over.
    await recomputeAllEngagement(db.pools.app, later, 3);
    const walked = (await storedScores(ids)).map((row) => row.engagement_score);
    await db.pools.owner.query('update public.candidates set engagement_score = 0 where id = any($1::bigint[])', [ids]);
    await recompute(null, later);
    expect((await storedScores(ids)).map((row) => row.engagement_score)).toEqual(walked);
    expect(walked.some((score) => score > 0)).toBe(true);
    const { rows } = await db.pools.owner.query<{ proconfig: string[] }>(
      `select proconfig from pg_proc where oid = 'public.recompute_engagement(bigint[], timestamptz)'::regprocedure`);
    expect(rows[0].proconfig).toContain('plan_cache_mode=force_custom_plan');
  });

  it('names the bands', async () => {
    const { rows } = await db.pools.owner.query<{ bands: string[] }>(
      'select array_agg(public.engagement_band(s) order by s) as bands from unnest(array[0, 29, 30, 69, 70, 100]) s');
    expect(rows[0].bands).toEqual(['cold', 'cold', 'warm', 'warm', 'hot', 'hot']);
  });

  it('may be run by service_role only', async () => {
    for (const role of ['authenticated', 'anon'] as const) {
      await expect(withClaims(db.pools.app, { role }, (tx) => tx.query('select public.recompute_engagement()')))
        .rejects.toThrow(/permission denied/);
    }
  });
});

describe('engagement-score and engagement-nightly jobs', () => {
  let boss: PgBoss;
  beforeAll(async () => {
    boss = testBoss(db.ownerUrl, { max: 2 });
      await boss.start();
    await registerEngagementScoreJobs(boss, { pools: db.pools, log: () => undefined });
  });
  afterAll(async () => { await boss?.stop({ graceful: true, timeout: 5000 }); });

  it('an arriving human event or a refined reply sentiment marks the candidate pending; the job recomputes and clears it', async () => {
    const [id, machineOnly] = await newCandidates(2);
    await db.pools.owner.query(`insert into public.engagement_events (candidate_id, kind) values ($1, 'meeting_booked'), ($1, 'click')`, [id]);
    await db.pools.owner.query(`insert into public.engagement_events (candidate_id, kind, machine) values ($1, 'open', true)`, [machineOnly]);
    expect(await pendingOf([id, machineOnly])).toEqual([id]);
    await boss.send(QUEUES.engagementScore, {});
    const [row] = await until(() => storedScores([id]), (rows) => rows[0].engagement_score === 50);
    expect(row.band).toBe('warm');
    expect(await until(() => pendingOf([id]), (rows) => rows.length === 0)).toEqual([]);

    // The AI refines a neutral reply to positive: the score is due again, and rises.
    const { rows: [reply] } = await db.pools.owner.query<{ id: string }>(
      `insert into public.messages (candidate_id, direction, channel, subject, content, status, sentiment)
       values ($1, 'in', 'email', 'Re: A role', 'Sounds good', 'received', 'neutral') returning id`, [id]);
    await db.pools.owner.query(
      `insert into public.engagement_events (candidate_id, message_id, kind, metadata) values ($1, $2, 'reply', jsonb_build_object('replyMessageId', $2::bigint))`,
      [id, reply.id]);
    await boss.send(QUEUES.engagementScore, {});
    await until(() => storedScores([id]), (rows) => rows[0].engagement_score === 75);
    await db.pools.owner.query(`update public.messages set sentiment = 'positive' where id = $1`, [reply.id]);
    expect(await pendingOf([id])).toEqual([id]);
    await boss.send(QUEUES.engagementScore, {});
    await until(() => storedScores([id]), (rows) => rows[0].engagement_score === 90);
  });

  it('the score job also runs each minute, for writers that do not queue it', async () => {
    expect((await boss.getSchedules()).map((s) => [s.name, s.cron])).toContainEqual([QUEUES.engagementScore, ENGAGEMENT_CATCH_UP_CRON]);
  });

  it('one job per 10 seconds, starting when they end: a late event of a burst is not left to a job that already ran', () => {
    const first = engagementScoreJob(new Date('2026-11-26T10:00:01.000Z'));
    expect(first.startAfter).toEqual(new Date('2026-11-26T10:00:10.000Z'));
    expect(engagementScoreJob(new Date('2026-11-26T10:00:09.999Z')).id).toBe(first.id);
    const next = engagementScoreJob(new Date('2026-11-26T10:00:10.000Z'));
    expect(next.id).not.toBe(first.id);
    expect(next.startAfter).toEqual(new Date('2026-11-26T10:00:20.000Z'));
  });

  it('is scheduled at 03:15 every night and lets every score decay', async () => {
    expect((await boss.getSchedules()).map((s) => [s.name, s.cron])).toContainEqual([QUEUES.engagementNightly, ENGAGEMENT_NIGHTLY_CRON]);
    // A candidate scored 40 for a meeting, which no event has touched since: 30 days on, it is worth half.
    const [id] = await newCandidates(1);
    await db.pools.owner.query(
      `insert into public.engagement_events (candidate_id, kind, occurred_at) values ($1, 'meeting_booked', now() - interval '30 days')`, [id]);
    await db.pools.owner.query('update public.candidates set engagement_score = 40 where id = $1', [id]);
    await boss.send(QUEUES.engagementNightly, {});
    const [row] = await until(() => storedScores([id]), (rows) => rows[0].engagement_score === 20);
    expect(row.engagement_scored_at).not.toBeNull();
  });
});
