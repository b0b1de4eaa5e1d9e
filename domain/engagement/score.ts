// The engagement score, 0-100% (decision 016). The rule is SQL's
// (public.recompute_engagement, migration 20261124000020); this module mirrors it
// line by line for the candidate drawer's "why this score", and
// tests/db/engagement-score.test.ts checks that both give the same scores.
// Browser-safe: no imports.

export const ENGAGEMENT_BANDS = ['cold', 'warm', 'hot'] as const;
export type EngagementBand = (typeof ENGAGEMENT_BANDS)[number];

export const SIGNAL_KINDS = ['meeting_booked', 'reply', 'click', 'open', 'unsubscribe'] as const;

/** An engagement event as the score reads it. */
export interface ScoreEvent {
  kind: string;
  /** When it happened (ISO text or Date). */
  at: string | Date;
  /** Opened or clicked by an image proxy, privacy feature or link scanner: weighs nothing. */
  machine?: boolean;
  /** A reply's sentiment ('positive', 'negative', 'neutral', 'other'), else null. */
  sentiment?: string | null;
  /** Ties in time are ordered by id, as in SQL. */
  id?: number;
}

export interface ScoreSignal {
  kind: string;
  /** The effective weight now (after the repeat discount and decay), rounded to one decimal. */
  weight: number;
  at: string;
}

export interface ScoreExplanation {
  score: number;
  band: EngagementBand;
  signals: ScoreSignal[];
}

const DAY_MS = 86_400_000;
/** Half-life of a signal's weight, in days. */
export const HALF_LIFE_DAYS = 30;
/** A repeat of the same kind within this time of the previous counted one weighs half. */
export const REPEAT_WINDOW_MS = DAY_MS;
export const REPEAT_FACTOR = 0.5;
/** Older events are left out (each is worth less than 0.01). */
export const HORIZON_DAYS = 365;

/** public.engagement_band(): cold 0-29, warm 30-69, hot 70-100. */
export function bandOf(score: number): EngagementBand {
  if (score >= 70) return 'hot';
  if (score >= 30) return 'warm';
  return 'cold';
}

/** public.engagement_base_weight(): a signal's weight before repeat discount and decay. */
export function baseWeight(event: Pick<ScoreEvent, 'kind' | 'machine' | 'sentiment'>): number {
  if (event.machine) return 0;
  switch (event.kind) {
    case 'meeting_booked': return 40;
    case 'reply': return event.sentiment === 'positive' ? 40 : event.sentiment === 'negative' ? -25 : 25;
    case 'click': return 10;
    case 'open': return 5;
    case 'unsubscribe': return -50;
    default: return 0;
  }
}

interface Weighted { kind: string; time: number; id: number; weight: number }

function weighted(events: readonly ScoreEvent[], now: Date): Weighted[] {
  const nowMs = now.getTime();
  const horizon = nowMs - HORIZON_DAYS * DAY_MS;
  const counted = events
    .map((event, index) => ({ kind: event.kind, time: new Date(event.at).getTime(), id: event.id ?? index, base: baseWeight(event) }))
    .filter((event) => event.base !== 0 && event.time > horizon)
    .sort((a, b) => a.time - b.time || a.id - b.id);
  const previousOfKind = new Map<string, number>();
  return counted.map((event) => {
    const previous = previousOfKind.get(event.kind);
    previousOfKind.set(event.kind, event.time);
    const repeat = previous !== undefined && event.time - previous < REPEAT_WINDOW_MS ? REPEAT_FACTOR : 1;
    const ageDays = Math.max(0, nowMs - event.time) / DAY_MS;
    return { kind: event.kind, time: event.time, id: event.id, weight: event.base * repeat * 0.5 ** (ageDays / HALF_LIFE_DAYS) };
  });
}

/** round(sum) clamped to 0-100 (SQL's round of numeric: halves away from zero). */
function clampScore(sum: number): number {
  const rounded = Math.sign(sum) * Math.round(Math.abs(sum));
  return Math.min(100, Math.max(0, rounded));
}

/** The candidate's score at `now` from their events. */
export function scoreOf(events: readonly ScoreEvent[], now: Date = new Date()): number {
  return clampScore(weighted(events, now).reduce((sum, event) => sum + event.weight, 0));
}

/** The score, its band and each counted signal with its weight now (newest first). */
export function explainScore(events: readonly ScoreEvent[], now: Date = new Date()): ScoreExplanation {
  const signals = weighted(events, now);
  const score = clampScore(signals.reduce((sum, event) => sum + event.weight, 0));
  return {
    score,
    band: bandOf(score),
    signals: signals
      .sort((a, b) => b.time - a.time || b.id - a.id)
      .map((event) => ({ kind: event.kind, weight: Math.round(event.weight * 10) / 10, at: new Date(event.time).toISOString() })),
  };
}
