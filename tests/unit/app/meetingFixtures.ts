// Test data for the meeting booking page tests (not a test file itself), parsed
// with the API's own answer schemas, so a fixture that drifts from what the API sends fails at once.
import type { z } from 'zod';
import {
  bookingSettingsAnswerSchema, meetingTypeAnswerSchema, meetingTypeListSchema, meetingTypeSchema, slotsAnswerSchema, teamMembersSchema,
} from '#domain/meetings/booking-schemas.ts';
import { answer } from './answers.ts';

/** GET /api/booking-settings: Amsterdam, Monday with a lunch break, weekends off, Christmas Eve off. */
export function settingsAnswer(overrides: Partial<z.input<typeof bookingSettingsAnswerSchema>> = {}) {
  return answer(bookingSettingsAnswerSchema, {
    settings: {
      timeZone: 'Europe/Amsterdam',
      availability: {
        monday: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }],
        tuesday: [{ start: '09:00', end: '17:00' }],
        wednesday: [{ start: '09:00', end: '17:00' }],
        thursday: [{ start: '09:00', end: '17:00' }],
        friday: [{ start: '09:00', end: '15:00' }],
        saturday: [],
        sunday: [],
      },
      overrides: [{ date: '2026-12-24', ranges: [] }],
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 10,
      minimumNoticeMinutes: 240,
      horizonDays: 30,
      slotStepMinutes: 30,
      maxPerDay: 6,
      maxPerWeek: null,
    },
    saved: true,
    warnings: [],
    calendar: { connected: false, message: 'Teams not configured: set GRAPH_TENANT_ID, GRAPH_CLIENT_ID and GRAPH_CLIENT_SECRET.' },
    ...overrides,
  });
}

export function meetingType(id: number, overrides: Partial<z.input<typeof meetingTypeSchema>> = {}) {
  return answer(meetingTypeSchema, {
    id,
    name: 'Intro call',
    durationMinutes: 30,
    description: 'A first conversation about your plans.',
    locationKind: 'teams',
    locationDetail: null,
    colour: 'blue',
    kind: 'one_on_one',
    distribution: 'availability',
    hosts: [{ id: 'u-recruiter', name: 'Rita Recruiter' }],
    reminders: [{ minutesBefore: 1440, channel: 'email' }, { minutesBefore: 60, channel: 'email' }],
    ownerId: 'u-recruiter',
    createdAt: '2026-11-01T09:00:00Z',
    ...overrides,
  });
}

/** GET /api/meeting-types */
export function meetingTypeList(...types: Array<ReturnType<typeof meetingType>>) {
  return answer(meetingTypeListSchema, { meetingTypes: types });
}

/** POST /api/meeting-types, PATCH /api/meeting-types/{id} */
export function meetingTypeAnswer(type: ReturnType<typeof meetingType>, warnings: Array<{ field: string; message: string }> = []) {
  return answer(meetingTypeAnswerSchema, { meetingType: type, warnings });
}

/** GET /api/booking-settings/slots: Monday 30 November (two) and Tuesday 1 December 2026 (one), Amsterdam (UTC+1). */
export const previewSlots = answer(slotsAnswerSchema, {
  timeZone: 'Europe/Amsterdam',
  slots: [
    { start: '2026-11-30T08:00:00.000Z', end: '2026-11-30T08:30:00.000Z' },
    { start: '2026-11-30T08:30:00.000Z', end: '2026-11-30T09:00:00.000Z' },
    { start: '2026-12-01T13:00:00.000Z', end: '2026-12-01T13:30:00.000Z' },
  ],
});

/** GET /api/meeting-types/hosts: the colleagues a type can have as hosts (the caller among them). */
export function teamMembers(...members: Array<{ id: string; name: string }>) {
  return answer(teamMembersSchema, { members });
}
