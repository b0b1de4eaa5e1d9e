// API answers for the booking-link and upcoming-meeting tests (not a test file itself),
// parsed with the schemas the routes document.
import type { z } from 'zod';
import {
  bookingLinkCreatedSchema, bookingLinkListSchema, bookingLinkSchema, meetingTypeListSchema, meetingTypeSchema,
} from '#domain/meetings/booking-schemas.ts';
import { meetingListSchema, meetingSchema } from '#domain/meetings/meeting-schemas.ts';
import { answer } from './answers.ts';

type Input<S extends z.ZodType> = Partial<z.input<S>>;

const HOUR = 60 * 60 * 1000;
/** An instant `hours` from now (negative: in the past). */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

export function meetingType(id: number, overrides: Input<typeof meetingTypeSchema> = {}) {
  return answer(meetingTypeSchema, {
    id, name: `Type ${id}`, durationMinutes: 30, description: null, locationKind: 'teams', locationDetail: null, colour: 'blue',
    kind: 'one_on_one', distribution: 'availability', hosts: [{ id: 'u-recruiter', name: 'Rita Recruiter' }],
    reminders: [{ minutesBefore: 1440, channel: 'email' }, { minutesBefore: 60, channel: 'email' }], ownerId: 'u-recruiter',
    createdAt: '2026-03-01T10:00:00.000Z', ...overrides,
  });
}

/** GET /api/meeting-types */
export function meetingTypeList(types: z.input<typeof meetingTypeSchema>[]) {
  return answer(meetingTypeListSchema, { meetingTypes: types });
}

export const bookingUrl = (token: string) => `http://localhost:4400/book/${token}`;

export function bookingLink(id: number, overrides: Input<typeof bookingLinkSchema> = {}) {
  return answer(bookingLinkSchema, {
    id, url: bookingUrl(`token-${id}`), state: 'created', title: 'Intro call', durationMinutes: 30, meetingTypeId: 1,
    recruiterName: 'Rita Recruiter', createdAt: hoursFromNow(-48), expiresAt: hoursFromNow(24 * 12), sentAt: null, openedAt: null,
    meeting: null, ...overrides,
  });
}

/** GET /api/candidates/{id}/booking-links */
export function bookingLinkList(links: z.input<typeof bookingLinkSchema>[]) {
  return answer(bookingLinkListSchema, { bookingLinks: links });
}

/** 201 of POST /api/booking-links */
export function createdBookingLink(id: number, token: string) {
  return answer(bookingLinkCreatedSchema, { id, token, url: bookingUrl(token), expiresAt: hoursFromNow(24 * 14) });
}

export function meeting(id: number, overrides: Input<typeof meetingSchema> = {}) {
  return answer(meetingSchema, {
    id, start: hoursFromNow(24 + id), end: hoursFromNow(24 + id + 0.5), status: 'confirmed', title: 'Intro call',
    candidate: { id: 7, name: 'Anna de Vries', email: 'c7@example.com' },
    meetingType: { id: 1, name: 'Intro call', colour: 'blue' },
    location: { kind: 'teams', detail: null },
    joinUrl: `https://teams.microsoft.com/l/meetup-join/${id}`,
    teams: { state: 'created' },
    timeZone: 'Europe/Amsterdam', candidateTimeZone: 'Europe/Amsterdam',
    attendee: { name: 'Anna de Vries', email: 'c7@example.com' },
    candidateNote: null, notes: null, cancelReason: null, cancelledBy: null,
    recruiter: { id: 'u-recruiter', name: 'Rita Recruiter' },
    hosts: [{ id: 'u-recruiter', name: 'Rita Recruiter' }], reminders: [],
    createdAt: hoursFromNow(-24), updatedAt: hoursFromNow(-24), ...overrides,
  });
}

/** GET /api/meetings */
export function meetingList(meetings: z.input<typeof meetingSchema>[]) {
  return answer(meetingListSchema, { meetings });
}
