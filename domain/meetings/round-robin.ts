// Which free host a round-robin booking goes to (decision 041). Pure: the booking
// code loads the facts of the hosts free at the chosen time and tries them in this
// order (the next one when a concurrent booking took the first). Browser-safe.
import type { Distribution } from './booking-schemas.ts';

export interface HostFacts {
  hostId: string;
  /** The host's place in the type's hostIds (0 first): the last tie-break. */
  priority: number;
  /** When the host's last meeting before the chosen time ended (epoch ms); null: none before it. */
  lastMeetingEnd: number | null;
  /** Meetings the host holds in the chosen time's local week (every type). */
  meetingsThisWeek: number;
  /** Bookings of this type the host got in the last 30 days. */
  bookingsOfTypeLast30Days: number;
}

/**
 * The order in which to offer the booking to the free hosts.
 * availability: the host free longest (no meeting before, or the earliest last end), then the fewest
 * meetings this week, then priority. even: the fewest bookings of this type in the last 30 days, then priority.
 */
export function roundRobinOrder(hosts: readonly HostFacts[], distribution: Distribution): string[] {
  const byPriority = (a: HostFacts, b: HostFacts) => a.priority - b.priority || a.hostId.localeCompare(b.hostId);
  const freeSince = (host: HostFacts) => host.lastMeetingEnd ?? Number.NEGATIVE_INFINITY;
  const compare = distribution === 'even'
    ? (a: HostFacts, b: HostFacts) => a.bookingsOfTypeLast30Days - b.bookingsOfTypeLast30Days || byPriority(a, b)
    : (a: HostFacts, b: HostFacts) => freeSince(a) - freeSince(b) || a.meetingsThisWeek - b.meetingsThisWeek || byPriority(a, b);
  return [...hosts].sort(compare).map((host) => host.hostId);
}
