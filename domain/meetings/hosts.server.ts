// Whose time a booking takes (decision 041): a one-on-one type's owner, a round-robin
// type's free host (roundRobinOrder), a collective type's every host, or, for a meeting
// that already holds its time, the hosts it holds. The database has the last word per
// host (meeting_hosts_no_overlap), so a round-robin booking that loses a host to a
// concurrent one moves on to the next free host.
import type { Tx } from '../../platform/db/request.server.ts';
import type { Distribution, MeetingKind } from './booking-schemas.ts';
import { isTimeTaken, placeMeeting, SlotTakenError, type MeetingChange, type Placement } from './booking.server.ts';
import { roundRobinOrder, type HostFacts } from './round-robin.ts';
import type { HostsNeeded } from './slots.ts';

export interface BookingHosts {
  hostIds: string[];
  needed: HostsNeeded;
  /** How the meeting is placed: on one host, on the first free host in round-robin order, or on all. */
  kind: MeetingKind;
  distribution: Distribution;
  meetingTypeId: number | null;
  /** The meeting's own host for a collective one (the type's owner: their calendar holds the event). */
  ownerId: string;
}

/** The hosts a meeting holds, its own recruiter first. */
export async function meetingHostIds(tx: Tx, meetingId: number): Promise<string[]> {
  const { rows } = await tx.query<{ hostId: string }>(
    `select h.host_id as "hostId" from public.meeting_hosts h join public.meetings m on m.id = h.meeting_id
      where h.meeting_id = $1 order by h.host_id <> m.recruiter_id, h.host_id`, [meetingId]);
  return rows.map((row) => row.hostId);
}

/** A meeting that holds its time moves with its hosts; otherwise the type decides (a link without a type: its recruiter). */
export async function bookingHosts(tx: Tx, options: { recruiterId: string; meetingTypeId: number | null; heldMeetingId: number | null }):
  Promise<BookingHosts> {
  const single = (hostIds: string[]): BookingHosts => ({
    hostIds, needed: 'all', kind: hostIds.length > 1 ? 'collective' : 'one_on_one', distribution: 'availability',
    meetingTypeId: options.meetingTypeId, ownerId: hostIds[0],
  });
  if (options.heldMeetingId !== null) return single(await meetingHostIds(tx, options.heldMeetingId));
  if (options.meetingTypeId === null) return single([options.recruiterId]);
  const { rows } = await tx.query<{ kind: MeetingKind; distribution: Distribution; ownerId: string; hostIds: string[] }>(
    `select t.kind, t.distribution, t.recruiter_id as "ownerId",
            array(select h.host_id::text from public.meeting_type_hosts h where h.meeting_type_id = t.id order by h.priority, h.host_id) as "hostIds"
       from public.meeting_types t where t.id = $1`, [options.meetingTypeId]);
  const type = rows[0];
  if (!type || type.kind === 'one_on_one') return single([options.recruiterId]);
  return {
    hostIds: type.hostIds, needed: type.kind === 'round_robin' ? 'any' : 'all', kind: type.kind,
    distribution: type.distribution, meetingTypeId: options.meetingTypeId, ownerId: type.ownerId,
  };
}

/** What roundRobinOrder weighs, for the hosts free at `start`. */
async function hostFacts(tx: Tx, hostIds: string[], meetingTypeId: number | null, start: string): Promise<HostFacts[]> {
  const { rows } = await tx.query<HostFacts & { lastMeetingEnd: Date | null }>(
    `select host as "hostId",
            coalesce((select priority from public.meeting_type_hosts where meeting_type_id = $2 and host_id = host), 0) as priority,
            (select max(m.ends_at) from public.meeting_hosts h join public.meetings m on m.id = h.meeting_id
              where h.host_id = host and h.holds_time and m.ends_at <= $3::timestamptz) as "lastMeetingEnd",
            (select count(*)::int from public.meeting_hosts h join public.meetings m on m.id = h.meeting_id
              where h.host_id = host and h.holds_time
                and m.starts_at >= (date_trunc('week', $3::timestamptz at time zone zone.name) at time zone zone.name)
                and m.starts_at < ((date_trunc('week', $3::timestamptz at time zone zone.name) + interval '7 days') at time zone zone.name))
              as "meetingsThisWeek",
            (select count(*)::int from public.meetings m
              where m.recruiter_id = host and m.meeting_type_id = $2 and m.status <> 'cancelled'
                and m.created_at > now() - interval '30 days') as "bookingsOfTypeLast30Days"
       from unnest($1::uuid[]) as host
       cross join lateral (select coalesce((select time_zone from public.booking_settings where recruiter_id = host), 'Europe/Amsterdam') as name) as zone`,
    [hostIds, meetingTypeId, start]);
  return rows.map((row) => ({ ...row, lastMeetingEnd: row.lastMeetingEnd ? row.lastMeetingEnd.getTime() : null }));
}

/**
 * Places the meeting on its hosts: a round-robin one on the first free host in roundRobinOrder that is
 * still free when written (a savepoint per try), a collective one on its owner with the others held too.
 */
export async function placeOnHosts(tx: Tx, hosts: BookingHosts, freeHostIds: string[], placement: Omit<Placement, 'recruiterId'>,
  meetingId: number | null): Promise<MeetingChange> {
  if (hosts.kind === 'collective') {
    const others = hosts.hostIds.filter((id) => id !== hosts.ownerId);
    return placeMeeting(tx, { ...placement, recruiterId: hosts.ownerId, otherHostIds: others }, meetingId);
  }
  if (hosts.kind !== 'round_robin') return placeMeeting(tx, { ...placement, recruiterId: hosts.hostIds[0] }, meetingId);
  const order = roundRobinOrder(await hostFacts(tx, freeHostIds, hosts.meetingTypeId, placement.start), hosts.distribution);
  for (const hostId of order) {
    await tx.query('savepoint round_robin_host');
    try {
      const placed = await placeMeeting(tx, { ...placement, recruiterId: hostId }, meetingId);
      await tx.query('release savepoint round_robin_host');
      return placed;
    } catch (error) {
      if (!isTimeTaken(error)) throw error;
      await tx.query('rollback to savepoint round_robin_host');
    }
  }
  throw new SlotTakenError();
}
