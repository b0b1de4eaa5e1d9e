// Fixed-window counters in PostgreSQL, shared by every process. One statement
// per check: it opens a new window when the old one ran out, else counts a hit.
import type pg from 'pg';

export interface RateRule {
  /** e.g. "login:ip" */
  name: string;
  limit: number;
  windowSeconds: number;
}

export const LOGIN_PER_IP: RateRule = { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 };
export const LOGIN_PER_USERNAME: RateRule = { name: 'login:user', limit: 10, windowSeconds: 15 * 60 };
export const TWO_FACTOR_PER_IP: RateRule = { name: '2fa:ip', limit: 20, windowSeconds: 15 * 60 };

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one hit against `rule` for `subject` and says whether it is within the limit. */
export async function hit(pool: pg.Pool, rule: RateRule, subject: string): Promise<RateDecision> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const { rows } = await pool.query<{ hits: number; retry: number }>(
    `insert into private.rate_limits as r (key, window_started_at, hits)
     values ($1, now(), 1)
     on conflict (key) do update set
       window_started_at = case when r.window_started_at < now() - make_interval(secs => $2)
                                then now() else r.window_started_at end,
       hits = case when r.window_started_at < now() - make_interval(secs => $2)
                   then 1 else r.hits + 1 end
     returning hits,
       ceil(extract(epoch from (window_started_at + make_interval(secs => $2) - now())))::int as retry`,
    [key, rule.windowSeconds]);
  const { hits, retry } = rows[0];
  return { allowed: hits <= rule.limit, retryAfterSeconds: Math.max(1, retry) };
}

/** Forgets the counter, e.g. a username's failures after a successful sign-in. */
export async function reset(pool: pg.Pool, rule: RateRule, subject: string): Promise<void> {
  await pool.query('delete from private.rate_limits where key = $1', [`${rule.name}:${subject.toLowerCase()}`]);
}
