// Request and answer schemas of the recruiter's meetings (/api/meetings). Browser-safe.
import { z } from 'zod';
import { codeParamsSchema, timestamp } from '../schemas/answers.ts';
import { msg } from '../i18n/codes.ts';

import { bookingLinkCreatedSchema, instantParam, LOCATION_KINDS, MEETING_COLOURS, REMINDER_CHANNELS } from './booking-schemas.ts';

/** scheduled: the worker sends it at its moment; skipped: it could not go by that channel (see `error`). */
export const REMINDER_STATES = ['scheduled', 'sent', 'cancelled', 'skipped', 'failed'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

/** confirmed and rescheduled hold their time; completed and no_show are set by the recruiter afterwards. */
export const MEETING_STATUSES = ['confirmed', 'rescheduled', 'cancelled', 'completed', 'no_show'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** created: Outlook event with its Teams link; pending: the worker is on it; failed: see `error`; not_configured: no Graph. */
export const TEAMS_STATES = ['created', 'pending', 'failed', 'not_configured'] as const;
export type TeamsState = (typeof TEAMS_STATES)[number];

export const meetingSchema = z.object({
  id: z.number(),
  start: timestamp,
  end: timestamp,
  status: z.enum(MEETING_STATUSES),
  title: z.string(),
  candidate: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }).nullable(),
  meetingType: z.object({ id: z.number(), name: z.string(), colour: z.enum(MEETING_COLOURS) }).nullable(),
  location: z.object({ kind: z.enum(LOCATION_KINDS), detail: z.string().nullable() }),
  joinUrl: z.string().nullable(),
  /** `error` as a key of the catalogue's states when it is ours (`teams.not_configured`: what to set; decision 032). */
  teams: z.object({ state: z.enum(TEAMS_STATES), error: z.string().optional(), code: z.string().optional() }),
  /** The recruiter's zone when booked, and the one the candidate chose. */
  timeZone: z.string(),
  candidateTimeZone: z.string().nullable(),
  /** Who booked, as typed on the booking page. */
  attendee: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  candidateNote: z.string().nullable(),
  notes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.enum(['candidate', 'recruiter']).nullable(),
  recruiter: z.object({ id: z.string(), name: z.string() }),
  /** Everyone the meeting holds: the recruiter, and a collective meeting's other hosts. */
  hosts: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * The candidate's reminders (sent by the worker). `error`: why one was skipped, cancelled by the worker or failed
   * (or the last failure of one tried again), in English; `errorCode` the same as a code of the catalogue's
   * errors (reminder.*, blockers.*, delivery.*; decision 032), `errorParams` filling it in.
   */
  reminders: z.array(z.object({
    minutesBefore: z.number(), channel: z.enum(REMINDER_CHANNELS), state: z.enum(REMINDER_STATES),
    dueAt: timestamp, sentAt: timestamp.nullable(), error: z.string().nullable(),
    errorCode: z.string().nullable().optional(), errorParams: codeParamsSchema.nullable().optional(),
  })),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Meeting = z.infer<typeof meetingSchema>;

const statusList = z.string({ error: msg('validation.statuses') }).transform((text, ctx) => {
  const statuses = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = statuses.filter((s) => !(MEETING_STATUSES as readonly string[]).includes(s));
  if (unknown.length) ctx.addIssue({ code: 'custom', message: msg('validation.statuses_one_or_more', { values: MEETING_STATUSES.join(', ') }) });
  return statuses as MeetingStatus[];
});

const CANDIDATE_ID = msg('validation.candidate_id', { field: 'candidateId' });

/** GET /api/meetings: the caller's meetings (all recruiters' with `recruiter=all`), by start, at most 500. */
export const meetingListQuerySchema = z.object({
  from: instantParam('from').optional(),
  to: instantParam('to').optional(),
  /** One status or several, comma-separated: "confirmed,rescheduled". */
  status: statusList.optional(),
  candidateId: z.coerce.number({ error: CANDIDATE_ID }).int(CANDIDATE_ID).positive(CANDIDATE_ID).optional(),
  recruiter: z.enum(['me', 'all'], { error: msg('validation.choice', { field: 'recruiter', choices: 'me or all' }) }).optional(),
  /** Meetings one user hosts (theirs and the collective ones they are in); with it `recruiter` is not needed. */
  host: z.uuid({ error: msg('validation.user_id', { field: 'host' }) }).optional(),
});
export type MeetingListQuery = z.infer<typeof meetingListQuerySchema>;
export const meetingListSchema = z.object({ meetings: z.array(meetingSchema) });
export const meetingAnswerSchema = z.object({ meeting: meetingSchema });

/** PATCH /api/meetings/{id}: mark afterwards, or keep notes. */
export const meetingPatchSchema = z.object({
  status: z.enum(['confirmed', 'completed', 'no_show'], { error: msg('validation.one_of', { field: 'status', values: 'confirmed, completed, no_show' }) }).optional(),
  notes: z.string({ error: msg('validation.must_be_text', { field: 'notes' }) }).max(5000, msg('validation.at_most_characters', { field: 'notes', limit: 5000 })).nullable().optional(),
}).refine((value) => value.status !== undefined || value.notes !== undefined, msg('validation.status_or_notes'));
export type MeetingPatch = z.infer<typeof meetingPatchSchema>;

/** POST /api/meetings/{id}/reschedule */
export const rescheduleRequestSchema = z.object({ start: instantParam('start') });


/** POST /api/meetings/{id}/rebook: an empty JSON object, `{}`. */
export const rebookRequestSchema = z.object({});

/**
 * 201 of POST /api/meetings/{id}/rebook: after a no-show, the candidate's new booking link (the meeting's type) and
 * the message that sent it to them, in their thread.
 */
export const rebookAnswerSchema = z.object({
  bookingLink: bookingLinkCreatedSchema,
  messageId: z.number(),
});
export type RebookAnswer = z.infer<typeof rebookAnswerSchema>;
