// What a recruiter does to a meeting from /app/meetings: cancel or move it (the
// candidate is emailed), see the free times for a move. Same rules and the same
// 409 as the candidate's page (booking.ts), under the recruiter's own claims.
import type { Tx } from '../../platform/db/request.server.ts';
import { DomainError } from '../errors.ts';
import type { JobQueue } from '../../platform/runtime/jobs.server.ts';
import type { SlotsAnswer } from './booking-schemas.ts';
import type { CalendarPort } from './calendar-port.ts';
import type { Meeting } from './meeting-schemas.ts';
import { getMeeting } from './meetings.server.ts';
import {
  announceChange, cancelMeeting, checkStart, freeSlots, placeMeeting, slotTaken, slotWindow, withSlotTakenAnswer,
  type RunInTransaction, type SlotWindow,
} from './booking.server.ts';
import { meetingHostIds } from './hosts.server.ts';

export interface ActionDeps {
  /** Runs work in one transaction under the caller's claims. */
  run: RunInTransaction;
  calendar?: CalendarPort | null;
  jobs?: JobQueue;
}

interface MeetingFacts {
  recruiterId: string;
  durationMinutes: number;
  status: Meeting['status'];
  startsAt: Date;
}

async function facts(tx: Tx, id: number, { lock = false } = {}): Promise<MeetingFacts> {
  const { rows } = await tx.query<MeetingFacts>(
    `select recruiter_id as "recruiterId", (extract(epoch from ends_at - starts_at) / 60)::int as "durationMinutes",
            status, starts_at as "startsAt"
       from public.meetings where id = $1 ${lock ? 'for update' : ''}`, [id]);
  if (!rows[0]) throw new DomainError(404, 'meeting_not_found', 'id');
  return rows[0];
}

export function cancelByRecruiter(deps: ActionDeps, id: number, reason: string | null | undefined): Promise<Meeting> {
  return afterwards(deps, id, deps.run(async (tx) => {
    const meeting = await facts(tx, id, { lock: true });
    if (meeting.status === 'completed' || meeting.status === 'no_show') {
      throw new DomainError(409, 'meeting_already_taken_place', 'id');
    }
    return cancelMeeting(tx, id, 'recruiter', reason);
  }));
}

export async function rescheduleByRecruiter(deps: ActionDeps, id: number, start: string): Promise<Meeting> {
  let slotRequest: Parameters<typeof checkStart>[1] | undefined;
  const change = withSlotTakenAnswer(deps.run, async (tx) => {
    const meeting = await facts(tx, id, { lock: true });
    if (meeting.status === 'completed' || meeting.status === 'no_show') {
      throw new DomainError(409, 'meeting_already_taken_place', 'id');
    }
    slotRequest = { hostIds: await meetingHostIds(tx, id), durationMinutes: meeting.durationMinutes, excludeMeetingId: id, calendar: deps.calendar };
    await checkStart(tx, slotRequest, start);
    const current = await getMeeting(tx, id);
    return placeMeeting(tx, {
      recruiterId: meeting.recruiterId, candidateId: current.candidate?.id ?? null, bookingLinkId: null,
      meetingTypeId: current.meetingType?.id ?? null, title: current.title, durationMinutes: meeting.durationMinutes,
      location: current.location, start,
      attendee: { name: current.attendee.name ?? current.candidate?.name ?? '', email: current.attendee.email ?? current.candidate?.email ?? '' },
      note: null, candidateTimeZone: null, calendarConfigured: Boolean(deps.calendar),
    }, id);
  }, (tx) => slotTaken(tx, slotRequest!, start));
  return afterwards(deps, id, change);
}

/** Free times to move this meeting to (its own time does not block it). */
export function slotsForMeeting(deps: ActionDeps, id: number, window: SlotWindow & { timeZone?: string }): Promise<SlotsAnswer> {
  return deps.run(async (tx) => {
    const meeting = await facts(tx, id);
    const { from, to } = slotWindow(window, Date.now());
    const slots = await freeSlots(tx, {
      hostIds: await meetingHostIds(tx, id), durationMinutes: meeting.durationMinutes, from, to, excludeMeetingId: id, calendar: deps.calendar,
    });
    const zone = window.timeZone ?? (await getMeeting(tx, id)).timeZone;
    return { timeZone: zone, slots };
  });
}

async function afterwards(deps: ActionDeps, id: number, change: Promise<Awaited<ReturnType<typeof cancelMeeting>>>): Promise<Meeting> {
  await announceChange(deps.jobs, await change);
  return deps.run((tx) => getMeeting(tx, id));
}
