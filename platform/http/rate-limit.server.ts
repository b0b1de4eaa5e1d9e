// Fixed-window counters in PostgreSQL, shared by every process. One statement
// per check: it opens a new window when the old one ran out, else counts a hit.
import type pg from 'pg';

export interface RateRule {
  /** e.g. "login:ip" */
  name: string;
  limit: number;
  windowSeconds: number;
}

// Per-address rules count an address's network: client-ip.ts networkOf (an IPv6 /64, decision 012).

/** Every sign-in attempt from one address, whatever the account (clients without a device cookie). */
export const LOGIN_PER_IP: RateRule = { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 };
/** Failed passwords for one account from one client (its device cookie, else its address). */
export const LOGIN_PER_ACCOUNT_CLIENT: RateRule = { name: 'login:account+client', limit: 10, windowSeconds: 15 * 60 };
/**
 * Failed passwords for one account from clients without its device cookie, all
 * addresses together: a distributed guessing attack. Far above what one address
 * may send, so one attacker never reaches it; when many do, only new devices wait.
 */
export const LOGIN_PER_ACCOUNT_NEW_DEVICES: RateRule = { name: 'login:account', limit: 100, windowSeconds: 15 * 60 };
/** Code attempts per address, counted only for requests that carry a live two-factor challenge. */
export const TWO_FACTOR_PER_IP: RateRule = { name: '2fa:ip', limit: 20, windowSeconds: 15 * 60 };
/**
 * Wrong second-factor codes for one account (Supabase Auth; better-auth keeps its own lock):
 * the tenth in the window locks the second factor until the window ends.
 */
export const TWO_FACTOR_FAILURES_PER_USER: RateRule = { name: '2fa-failures:user', limit: 10, windowSeconds: 15 * 60 };
/** Password confirmations (change password, new backup codes, two-factor setup) per signed-in user. */
export const PASSWORD_CONFIRM_PER_USER: RateRule = { name: 'password-confirm:user', limit: 10, windowSeconds: 15 * 60 };

/** The public booking page and its API, per address: a week's browsing is a dozen requests. */
export const BOOKING_PER_IP: RateRule = { name: 'booking:ip', limit: 300, windowSeconds: 15 * 60 };
/**
 * One booking link read (and written) from one address: per link AND address, so that someone
 * else holding the link cannot use up the candidate's own reads (decision 015).
 */
export const BOOKING_PER_READER: RateRule = { name: 'booking:token+ip', limit: 120, windowSeconds: 15 * 60 };
/** Bookings, moves and cancels on one link from one address: a person changes their mind a few times, not hundreds. */
export const BOOKING_CHANGES_PER_READER: RateRule = { name: 'booking-change:token+ip', limit: 20, windowSeconds: 15 * 60 };
/**
 * All changes on one link, whoever makes them: each one emails the candidate, so a link cannot
 * mail its candidate without end. Three readers' budgets: one abuser on one network never reaches it.
 */
export const BOOKING_CHANGES_PER_TOKEN: RateRule = { name: 'booking-change:token', limit: 60, windowSeconds: 15 * 60 };

/**
 * The candidate's privacy page (and its keep-informed step), as the booking page: per address, per link and
 * address, and per link for changes (a change writes the ledger or a data request, not mail).
 */
export const PRIVACY_PER_IP: RateRule = { name: 'privacy:ip', limit: 300, windowSeconds: 15 * 60 };
export const PRIVACY_PER_READER: RateRule = { name: 'privacy:token+ip', limit: 120, windowSeconds: 15 * 60 };
export const PRIVACY_CHANGES_PER_READER: RateRule = { name: 'privacy-change:token+ip', limit: 20, windowSeconds: 15 * 60 };
export const PRIVACY_CHANGES_PER_TOKEN: RateRule = { name: 'privacy-change:token', limit: 60, windowSeconds: 15 * 60 };

export interface RateDecision {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
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
  return { allowed: hits <= rule.limit, hits, retryAfterSeconds: Math.max(1, retry) };
}

/** Whether `subject` is over `rule`'s limit, without counting a hit. */
export async function peek(pool: pg.Pool, rule: RateRule, subject: string): Promise<RateDecision> {
  const { rows } = await pool.query<{ hits: number; retry: number }>(
    `select hits, ceil(extract(epoch from (window_started_at + make_interval(secs => $2) - now())))::int as retry
       from private.rate_limits
      where key = $1 and window_started_at >= now() - make_interval(secs => $2)`,
    [`${rule.name}:${subject.toLowerCase()}`, rule.windowSeconds]);
  const hits = rows[0]?.hits ?? 0;
  return { allowed: hits < rule.limit, hits, retryAfterSeconds: Math.max(1, rows[0]?.retry ?? 1) };
}

/** Forgets the counter, e.g. a username's failures after a successful sign-in. */
export async function reset(pool: pg.Pool, rule: RateRule, subject: string): Promise<void> {
  await pool.query('delete from private.rate_limits where key = $1', [`${rule.name}:${subject.toLowerCase()}`]);
}

/**
 * The same fixed window, counted in this process's memory: for hits so frequent and so cheap
 * (the tracking pixel) that a database round trip each would cost more than what it guards.
 * All subjects share one window; at most `maxSubjects` are counted per window, beyond that
 * (a flood from many addresses) a new subject is refused.
 */
export function memoryRateLimiter(rule: RateRule, maxSubjects = 100_000): (subject: string) => boolean {
  let counts = new Map<string, number>();
  let windowEnds = 0;
  return (subject) => {
    const now = Date.now();
    if (now >= windowEnds) {
      counts = new Map();
      windowEnds = now + rule.windowSeconds * 1000;
    }
    const key = subject.toLowerCase();
    const hits = (counts.get(key) ?? 0) + 1;
    if (hits === 1 && counts.size >= maxSubjects) return false;
    counts.set(key, hits);
    return hits <= rule.limit;
  };
}
