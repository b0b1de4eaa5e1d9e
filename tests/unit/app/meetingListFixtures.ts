// API answers for the meetings page tests (not a test file itself), parsed by the routes' own schemas.
import type { z } from 'zod';
import { slotsAnswerSchema, slotTakenSchema } from '#domain/meetings/booking-schemas.ts';
import { meetingAnswerSchema, meetingListSchema, rebookAnswerSchema, type meetingSchema } from '#domain/meetings/meeting-schemas.ts';
import { answer } from './answers.ts';

export type MeetingInput = z.input<typeof meetingSchema>;

/** A confirmed 30-minute Teams intro call with Anna (candidate 7), at noon UTC on Wednesday 6 March 2030. */
export function meeting(id: number, overrides: Partial<MeetingInput> = {}): MeetingInput {
  return {
    id,
    start: '2030-03-06T12:00:00.000Z',
    end: '2030-03-06T12:30:00.000Z',
    status: 'confirmed',
    title: 'Intro call',
    candidate: { id: 7, name: 'Anna de Vries', email: 'anna@example.com' },
    meetingType: { id: 1, name: 'Intro call', colour: 'teal' },
    location: { kind: 'teams', detail: null },
    joinUrl: null,
    teams: { state: 'pending' },
    timeZone: 'Europe/Amsterdam',
    candidateTimeZone: 'America/New_York',
    attendee: { name: 'Anna de Vries', email: 'anna@example.com' },
    candidateNote: null,
    notes: null,
    cancelReason: null,
    cancelledBy: null,
    recruiter: { id: 'u-recruiter', name: 'Rita Recruiter' },
    hosts: [{ id: 'u-recruiter', name: 'Rita Recruiter' }],
    reminders: [],
    createdAt: '2030-03-01T09:00:00.000Z',
    updatedAt: '2030-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function meetingList(meetings: MeetingInput[]) {
  return answer(meetingListSchema, { meetings });
}

export function meetingAnswer(value: MeetingInput) {
  return answer(meetingAnswerSchema, { meeting: value });
}

export function slotsAnswer(timeZone: string, slots: { start: string; end: string }[]) {
  return answer(slotsAnswerSchema, { timeZone, slots });
}

export function slotTaken(slots: { start: string; end: string }[]) {
  return answer(slotTakenSchema, { error: 'This time was just taken, please pick another', field: 'start', slots });
}

/** 201 of POST /api/meetings/{id}/rebook: the new link, emailed to the candidate. */
export function rebookAnswer(token: string, messageId = 41) {
  return answer(rebookAnswerSchema, {
    bookingLink: { id: 12, token, url: `http://localhost:4400/book/${token}`, expiresAt: '2030-03-20T12:00:00.000Z' },
    messageId,
  });
}
