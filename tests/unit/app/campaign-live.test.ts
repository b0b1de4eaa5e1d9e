// Which campaigns keep the Campaigns list refreshing by itself: one sending, or one due within the minute.
import { describe, expect, it } from 'vitest';
import { isLiveCampaign } from '#app/messaging/queries.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('a live campaign', () => {
  it.each([
    ['sending', at(-600), true], ['scheduled', at(30), true], ['scheduled', at(-5), true], ['scheduled', at(3600), false],
    ['sent', at(-600), false], ['paused', at(-600), false], ['cancelled', at(-600), false], ['draft', at(0), false],
  ] as const)('%s, scheduled at %s: %s', (status, scheduledAt, live) => {
    expect(isLiveCampaign({ status, scheduledAt }, NOW)).toBe(live);
  });
});
