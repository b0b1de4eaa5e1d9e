// Which free host a round-robin booking goes to, and how a team's slots combine (decision 041).
import { describe, expect, it } from 'vitest';
import { roundRobinOrder, type HostFacts } from '#domain/meetings/round-robin.ts';
import { teamSlots } from '#domain/meetings/slots.ts';

const host = (hostId: string, facts: Partial<HostFacts> = {}): HostFacts => ({
  hostId, priority: 0, lastMeetingEnd: null, meetingsThisWeek: 0, bookingsOfTypeLast30Days: 0, ...facts,
});
const HOUR = 3_600_000;

describe('roundRobinOrder', () => {
  it('by availability: the host free longest first, then the fewest meetings this week, then priority', () => {
    const hosts = [
      host('busy-recently', { priority: 0, lastMeetingEnd: 10 * HOUR }),
      host('free-since-morning', { priority: 1, lastMeetingEnd: 2 * HOUR }),
      host('never-met-but-full-week', { priority: 2, lastMeetingEnd: null, meetingsThisWeek: 9 }),
      host('never-met-quiet-week', { priority: 3, lastMeetingEnd: null, meetingsThisWeek: 1 }),
    ];
    expect(roundRobinOrder(hosts, 'availability')).toEqual(['never-met-quiet-week', 'never-met-but-full-week', 'free-since-morning', 'busy-recently']);
  });

  it('evenly: the fewest bookings of this type in 30 days, ties by priority', () => {
    const hosts = [
      host('c', { priority: 2, bookingsOfTypeLast30Days: 1 }),
      host('a', { priority: 0, bookingsOfTypeLast30Days: 3 }),
      host('b', { priority: 1, bookingsOfTypeLast30Days: 1 }),
    ];
    expect(roundRobinOrder(hosts, 'even')).toEqual(['b', 'c', 'a']);
  });
});

describe('teamSlots', () => {
  const slot = (hour: number) => ({ start: new Date(Date.UTC(2027, 0, 4, hour)).toISOString(), end: new Date(Date.UTC(2027, 0, 4, hour, 30)).toISOString() });
  const ann = [slot(9), slot(10), slot(11)];
  const bob = [slot(10), slot(11), slot(14)];
  it('round-robin offers a time any host has free, once, in order', () => {
    expect(teamSlots([ann, bob], 'any')).toEqual([slot(9), slot(10), slot(11), slot(14)]);
  });
  it('collective offers only the times every host has free', () => {
    expect(teamSlots([ann, bob], 'all')).toEqual([slot(10), slot(11)]);
    expect(teamSlots([ann, bob, []], 'all')).toEqual([]);
  });
});
