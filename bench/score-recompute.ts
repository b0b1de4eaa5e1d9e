// Engagement score recompute (decision 016): public.recompute_engagement, one
// set-based update, as the worker runs it (service_role on the app pool), at
// 1,000,000 generated candidates with about 3,000,000 events spread over 400
// days (opens, a third of them machine opens, clicks, replies with sentiment,
// meetings, unsubscribes, bounces). Measured: the first full recompute (every
// score changes from 0), the nightly one a day later (decay), a full pass where
// nothing changes, and a 1,000-candidate recompute (the event job's work).
// BENCH_SCORE_CANDIDATES sets another size. Builds its own data set in a
// temporary embedded PostgreSQL and removes it afterwards.
import { openDatabase } from '#platform/db/pools.server.ts';
import { ensureDemoPools, generateCandidates } from '#demo/demo-candidates.server.ts';
import { RECOMPUTE_CHUNK, recomputeAllEngagement, recomputeEngagement } from '#domain/engagement/recompute.server.ts';
import { benchDatabase } from './support/database.ts';

const CANDIDATES = Number(process.env.BENCH_SCORE_CANDIDATES) || 1_000_000;
const EVENTS_PER_CANDIDATE = 3;
const DAY_MS = 86_400_000;

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** ~3 events per candidate: 70% spread over everyone, 30% on the most active 5% (about 20 each). Triggers (dashboard rollups) are not what is measured. */
const EVENTS_SQL = `
  insert into public.engagement_events (candidate_id, kind, occurred_at, machine, metadata)
  select c.id, k.kind, $3::timestamptz - (random() ^ 2 * interval '400 days'),
         k.kind = 'open' and random() < 0.33,
         case when k.kind = 'reply'
              then jsonb_build_object('sentiment', (array['positive', 'negative', 'neutral', 'other'])[1 + floor(random() * 4)::int])
              else '{}'::jsonb end
    from generate_series(1, $1::int) g
    cross join lateral (select $2::bigint + floor(random() * case when random() < 0.3 then 0.05 else 1 end * $1::int / ${EVENTS_PER_CANDIDATE})::bigint + (g * 0) as id) c
    cross join lateral (select case when r < 0.55 then 'open' when r < 0.80 then 'click' when r < 0.88 then 'reply'
                                    when r < 0.92 then 'meeting_booked' when r < 0.95 then 'unsubscribe' else 'bounce' end as kind
                          from (select random() + g * 0 as r) x) k`;

export async function run() {
  const database = await benchDatabase('score', { fast: true });
  const pools = await openDatabase(database.url, 'bench-app-secret', undefined, undefined, { bulkOwner: true }); // generates 1M candidates
  try {
    await ensureDemoPools(pools.owner);
    const generated = await timed(() => generateCandidates(pools.owner, { count: CANDIDATES }));
    const { rows: [{ first }] } = await pools.owner.query<{ first: string }>('select min(id) as first from public.candidates');
    const now = new Date();
    const events = await timed(async () => {
      const client = await pools.owner.connect();
      try {
        await client.query('begin');
        await client.query('alter table public.engagement_events disable trigger user');
        const { rowCount } = await client.query(EVENTS_SQL, [CANDIDATES * EVENTS_PER_CANDIDATE, first, now]);
        await client.query('alter table public.engagement_events enable trigger user');
        await client.query('commit');
        return rowCount ?? 0;
      } finally {
        client.release();
      }
    });
    await pools.owner.query('vacuum analyze');
    const { rows: [withEvents] } = await pools.owner.query<{ n: string }>('select count(distinct candidate_id) as n from public.engagement_events');

    const first_full = await timed(() => recomputeAllEngagement(pools.app, now));
    await pools.owner.query('vacuum analyze public.candidates');
    const unchanged = await timed(() => recomputeAllEngagement(pools.app, now));
    const nightly = await timed(() => recomputeAllEngagement(pools.app, new Date(now.getTime() + DAY_MS)));

    // The event job: 1,000 candidates at once (random ids, most with events), five times.
    const batches: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ids = Array.from({ length: 1000 }, () => Number(first) + Math.floor(Math.random() * CANDIDATES));
      batches.push((await timed(() => recomputeEngagement(pools.app, ids, new Date(now.getTime() + DAY_MS + (i + 1) * 60_000)))).ms);
    }
    batches.sort((a, b) => a - b);
    const { rows: bands } = await pools.owner.query<{ band: string; n: string }>(
      'select public.engagement_band(engagement_score) as band, count(*) as n from public.candidates group by 1 order by 1');

    return {
      name: 'score-recompute',
      measured: `public.recompute_engagement() on the app pool as service_role, as the worker runs it: the full pass in id ranges of ${RECOMPUTE_CHUNK} (one set-based UPDATE each), the event job in one`,
      target: 'cheap enough for 1M candidates nightly',
      candidates: CANDIDATES,
      ...(CANDIDATES < 1_000_000 ? { note: `measured at ${CANDIDATES} candidates (BENCH_SCORE_CANDIDATES), not 1M` } : {}),
      events: events.result,
      candidates_with_events: Number(withEvents.n),
      generate_s: { candidates: seconds(generated.ms), events: seconds(events.ms) },
      full_recompute_first_s: seconds(first_full.ms),
      full_recompute_first_changed: first_full.result,
      nightly_next_day_s: seconds(nightly.ms),
      nightly_next_day_changed: nightly.result,
      full_recompute_nothing_changed_s: seconds(unchanged.ms),
      recompute_1000_candidates_ms: { p50: Number(batches[2].toFixed(1)), max: Number(batches[4].toFixed(1)) },
      bands: Object.fromEntries(bands.map((row) => [row.band, Number(row.n)])),
    };
  } finally {
    await pools.close();
    await database.stop();
  }
}
