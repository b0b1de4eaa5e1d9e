// The engagement score's rule (decision 016): each signal, the repeat discount,
// decay, bounds, bands and the explanation.
import { describe, expect, it } from 'vitest';
import { bandOf, explainScore, scoreOf, type ScoreEvent } from '#domain/engagement/score.ts';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 3_600_000).toISOString();
const one = (event: Omit<ScoreEvent, 'at'>, at = ago(0)) => scoreOf([{ ...event, at }], NOW);

describe('engagement score', () => {
  it('weighs each signal: meetings and positive replies most, then replies, clicks, human opens', () => {
    expect(one({ kind: 'meeting_booked' })).toBe(40);
    expect(one({ kind: 'reply', sentiment: 'positive' })).toBe(40);
    expect(one({ kind: 'reply', sentiment: 'neutral' })).toBe(25);
    expect(one({ kind: 'reply', sentiment: 'other' })).toBe(25);
    expect(one({ kind: 'reply', sentiment: null })).toBe(25);
    expect(one({ kind: 'click' })).toBe(10);
    expect(one({ kind: 'open' })).toBe(5);
    expect(one({ kind: 'bounce' })).toBe(0);
  });

  it('gives machine opens and clicks no weight', () => {
    expect(one({ kind: 'open', machine: true })).toBe(0);
    expect(one({ kind: 'click', machine: true })).toBe(0);
    expect(explainScore([{ kind: 'open', machine: true, at: ago(0) }], NOW).signals).toEqual([]);
  });

  it('pulls down for a negative reply and an unsubscribe', () => {
    const meeting = { kind: 'meeting_booked', at: ago(2) };
    expect(scoreOf([meeting, { kind: 'reply', sentiment: 'negative', at: ago(1) }], NOW)).toBe(Math.round(40 * 0.5 ** (2 / 30) - 25 * 0.5 ** (1 / 30)));
    expect(scoreOf([meeting, { kind: 'unsubscribe', at: ago(1) }], NOW)).toBe(0);
  });

  it('halves a repeat of the same kind within 24 hours of the previous one, not one a day later or of another kind', () => {
    expect(scoreOf([{ kind: 'click', at: ago(0, 3) }, { kind: 'click', at: ago(0, 2) }], NOW)).toBe(Math.round(10 * 0.5 ** (3 / 24 / 30) + 5 * 0.5 ** (2 / 24 / 30)));
    const apart = explainScore([{ kind: 'open', at: ago(2) }, { kind: 'open', at: ago(1) }], NOW).signals.map((s) => s.weight);
    expect(apart).toEqual([Math.round(5 * 0.5 ** (1 / 30) * 10) / 10, Math.round(5 * 0.5 ** (2 / 30) * 10) / 10]);
    const mixed = explainScore([{ kind: 'open', at: ago(0, 2) }, { kind: 'click', at: ago(0, 1) }], NOW).signals;
    expect(mixed.map((s) => s.weight)).toEqual([10, 5]);
    // A chain: each repeat is measured from the one before it.
    const burst = explainScore([0, 1, 2].map((h) => ({ kind: 'click', at: ago(0, 30 - h * 20) })), NOW).signals;
    expect(burst.map((s) => s.weight)).toEqual([5, 5, 9.7]);
  });

  it('does not let machine events start a repeat chain', () => {
    const signals = explainScore([{ kind: 'open', machine: true, at: ago(0, 2) }, { kind: 'open', at: ago(0, 1) }], NOW).signals;
    expect(signals).toEqual([{ kind: 'open', weight: 5, at: ago(0, 1) }]);
  });

  it('decays with a half-life of 30 days: active last week outranks active last year', () => {
    expect(one({ kind: 'meeting_booked' }, ago(30))).toBe(20);
    expect(one({ kind: 'meeting_booked' }, ago(60))).toBe(10);
    expect(one({ kind: 'click' }, ago(7))).toBeGreaterThan(one({ kind: 'meeting_booked' }, ago(200)));
    expect(one({ kind: 'meeting_booked' }, ago(366))).toBe(0);
    // An event stamped slightly after now counts as new.
    expect(one({ kind: 'click' }, new Date(NOW.getTime() + 1000).toISOString())).toBe(10);
  });

  it('stays within 0-100', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ kind: 'meeting_booked', at: ago(i * 2) }));
    expect(scoreOf(many, NOW)).toBe(100);
    expect(scoreOf([{ kind: 'unsubscribe', at: ago(0) }], NOW)).toBe(0);
    expect(scoreOf([], NOW)).toBe(0);
  });

  it('names the bands at their edges', () => {
    expect([0, 29, 30, 69, 70, 100].map(bandOf)).toEqual(['cold', 'cold', 'warm', 'warm', 'hot', 'hot']);
  });

  it('explains the score: each signal, its weight now and when, newest first', () => {
    const explanation = explainScore([
      { kind: 'open', at: ago(10) },
      { kind: 'reply', sentiment: 'positive', at: ago(3) },
      { kind: 'meeting_booked', at: ago(1) },
    ], NOW);
    expect(explanation).toEqual({
      score: Math.round(5 * 0.5 ** (10 / 30) + 40 * 0.5 ** (3 / 30) + 40 * 0.5 ** (1 / 30)),
      band: 'hot',
      signals: [
        { kind: 'meeting_booked', weight: 39.1, at: ago(1) },
        { kind: 'reply', weight: 37.3, at: ago(3) },
        { kind: 'open', weight: 4, at: ago(10) },
      ],
    });
  });
});
