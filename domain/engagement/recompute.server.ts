// Storing engagement scores: the set-based recompute in SQL
// (public.recompute_engagement, decision 016), run as service_role.
import type pg from 'pg';
import { asService } from '../../platform/db/request.server.ts';

/**
 * Candidates per transaction in a pass over everyone: each chunk stays well
 * inside the app pool's statement limit and holds its row locks briefly
 * (each changed score is a row update of 250-500 µs on 2 cores: bench/score-recompute.ts).
 */
export const RECOMPUTE_CHUNK = 10_000;

/** Recomputes the candidates' scores as of `now` (default: the database's now); returns how many changed. */
export async function recomputeEngagement(pool: pg.Pool, candidateIds: number[], now?: Date): Promise<number> {
  return asService(pool, async (tx) => {
    const { rows } = await tx.query<{ changed: number }>(
      'select public.recompute_engagement($1::bigint[], coalesce($2::timestamptz, now())) as changed', [candidateIds, now ?? null]);
    return rows[0].changed;
  });
}

/** Recomputes every candidate whose score is due (private.engagement_pending, filled by triggers); returns how many. */
export async function recomputePendingEngagement(pool: pg.Pool, chunk = RECOMPUTE_CHUNK): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await asService(pool, async (tx) => (await tx.query<{ taken: number }>(
      'select public.recompute_pending_engagement($1) as taken', [chunk])).rows[0].taken);
    total += taken;
    if (taken < chunk) return total;
  }
}

/** Every candidate's score as of one moment, in id ranges of RECOMPUTE_CHUNK (the nightly decay); returns how many changed. */
export async function recomputeAllEngagement(pool: pg.Pool, now?: Date, chunk = RECOMPUTE_CHUNK): Promise<number> {
  const { rows: [range] } = await asService(pool, (tx) => tx.query<{ first: string | null; last: string | null; now: Date }>(
    'select min(id) as first, max(id) as last, coalesce($1::timestamptz, now()) as now from public.candidates', [now ?? null]));
  if (range.first === null || range.last === null) return 0;
  let changed = 0;
  for (let from = Number(range.first); from <= Number(range.last); from += chunk) {
    changed += await asService(pool, async (tx) => (await tx.query<{ changed: number }>(
      `select public.recompute_engagement(array(select generate_series($1::bigint, $2::bigint)), $3) as changed`,
      [from, from + chunk - 1, range.now])).rows[0].changed);
  }
  return changed;
}
