// Request and answer schemas of the booking settings, meeting types, booking links
// and the public booking page (/api/booking-settings, /api/meeting-types,
// /api/booking-links, /api/public/booking/{token}). Browser-safe.
import { z } from 'zod';
import { idSchema } from '../schemas/ids.ts';
import { msg } from '../i18n/codes.ts';
import { timestamp } from '../schemas/answers.ts';
import { timeZoneParam } from '../schemas/time-zone.ts';
import { LANGUAGES } from '../schemas/language.ts';
import { optionalText } from '../candidates/schemas.ts';
import { availabilitySettingsSchema, availabilityWarningSchema, dateOverrideSchema, meetingDurationSchema, slotSchema,
  weeklyAvailabilitySchema } from './schemas.ts';

// ---- Booking settings ----

/** PUT /api/booking-settings: the whole settings object (availabilitySettingsSchema checks it). */
export const bookingSettingsInputSchema = availabilitySettingsSchema;

/** Settings as stored and answered. */
export const bookingSettingsSchema = z.object({
  timeZone: z.string(),
  availability: weeklyAvailabilitySchema,
  overrides: z.array(dateOverrideSchema),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  minimumNoticeMinutes: z.number(),
  horizonDays: z.number(),
  slotStepMinutes: z.number(),
  maxPerDay: z.number().nullable(),
  maxPerWeek: z.number().nullable(),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

/** GET/PUT /api/booking-settings. `saved: false`: nothing saved yet, these are the defaults. */
export const bookingSettingsAnswerSchema = z.object({
  settings: bookingSettingsSchema,
  saved: z.boolean(),
  /** Allowed but probably not meant, e.g. a meeting type longer than every range. */
  warnings: z.array(availabilityWarningSchema),
  /** Whether Outlook busy times and Teams meetings are on (Microsoft Graph configured). */
  calendar: z.object({
    connected: z.boolean(),
    message: z.string(),
    /** `message` as a code: states.calendar.<code> (connected, not_connected; decision 032). */
    code: z.enum(['connected', 'not_connected']).optional(),
  }),
});
export type BookingSettingsAnswer = z.infer<typeof bookingSettingsAnswerSchema>;

// ---- Meeting types ----

export const LOCATION_KINDS = ['teams', 'phone', 'in_person'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
/** Mantine palette names: the colour a type shows with in lists and the week calendar. */
export const MEETING_COLOURS = ['blue', 'teal', 'green', 'grape', 'violet', 'indigo', 'cyan', 'orange', 'red', 'pink', 'yellow', 'gray'] as const;

const meetingTypeFields = {
  name: z.string({ error: msg('validation.must_be_text', { field: 'name' }) }).trim().min(1, msg('validation.name_required'))
    .max(80, msg('validation.at_most_characters', { field: 'name', limit: 80 })),
  durationMinutes: meetingDurationSchema,
  description: optionalText('description', 1000),
  locationKind: z.enum(LOCATION_KINDS, { error: msg('validation.one_of', { field: 'locationKind', values: LOCATION_KINDS.join(', ') }) }),
  /** The phone number (phone) or the address (in_person); ignored for teams. */
  locationDetail: optionalText('locationDetail', 300),
  colour: z.enum(MEETING_COLOURS, { error: msg('validation.one_of', { field: 'colour', values: MEETING_COLOURS.join(', ') }) }),
};

/** one_on_one: the owner alone; round_robin: whoever of the hosts is free; collective: every host together (panels). */
export const MEETING_KINDS = ['one_on_one', 'round_robin', 'collective'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];
/** Round-robin: availability = the host free longest, then fewest meetings this week; even = fewest of this type in 30 days. */
export const DISTRIBUTIONS = ['availability', 'even'] as const;
export type Distribution = (typeof DISTRIBUTIONS)[number];
export const REMINDER_CHANNELS = ['email', 'whatsapp'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
/** What a new type reminds the candidate of, unless it says otherwise (the database's default is the same). */
export const DEFAULT_REMINDERS: Array<{ minutesBefore: number; channel: ReminderChannel }> = [
  { minutesBefore: 1440, channel: 'email' }, { minutesBefore: 60, channel: 'email' },
];
export const MAX_HOSTS = 10;

const reminderSchema = z.object({
  minutesBefore: z.number({ error: msg('validation.reminder_minutes', { field: 'minutesBefore' }) })
    .int(msg('validation.reminder_minutes', { field: 'minutesBefore' }))
    .min(5, msg('validation.reminder_minutes', { field: 'minutesBefore' })).max(10080, msg('validation.reminder_minutes', { field: 'minutesBefore' })),
  channel: z.enum(REMINDER_CHANNELS, { error: msg('validation.one_of', { field: 'channel', values: REMINDER_CHANNELS.join(', ') }) }),
});
const remindersSchema = z.array(reminderSchema, { error: msg('validation.wrong_type', { field: 'reminders', expected: 'a list', actual: 'something else' }) })
  .max(5, msg('validation.at_most_items', { field: 'reminders', limit: 5 }))
  .superRefine((reminders, ctx) => {
    reminders.forEach((reminder, index) => {
      const earlier = reminders.findIndex((other) => other.minutesBefore === reminder.minutesBefore && other.channel === reminder.channel);
      if (earlier < index) {
        ctx.addIssue({ code: 'custom', path: [index], message: msg('validation.reminder_twice', { field: `reminders.${index}`, otherField: `reminders.${earlier}` }) });
      }
    });
  });

const teamFields = {
  kind: z.enum(MEETING_KINDS, { error: msg('validation.one_of', { field: 'kind', values: MEETING_KINDS.join(', ') }) }),
  /** Users of the organisation, in priority order; the owner is always one of them (added first when left out). */
  hostIds: z.array(z.uuid({ error: msg('validation.user_id', { field: 'hostIds' }) }), { error: msg('validation.user_id', { field: 'hostIds' }) })
    .min(1, msg('validation.at_least_items', { field: 'hostIds', limit: 1 })).max(MAX_HOSTS, msg('validation.at_most_items', { field: 'hostIds', limit: MAX_HOSTS })),
  distribution: z.enum(DISTRIBUTIONS, { error: msg('validation.one_of', { field: 'distribution', values: DISTRIBUTIONS.join(', ') }) }),
  reminders: remindersSchema,
};

function requireLocationDetail(value: { locationKind?: LocationKind; locationDetail?: string | null }, ctx: z.RefinementCtx) {
  if ((value.locationKind === 'phone' || value.locationKind === 'in_person') && !value.locationDetail) {
    ctx.addIssue({ code: 'custom', path: ['locationDetail'],
      message: msg(value.locationKind === 'phone' ? 'validation.phone_to_call' : 'validation.address') });
  }
}

/** POST /api/meeting-types */
export const meetingTypeCreateSchema = z.object({
  ...meetingTypeFields, colour: meetingTypeFields.colour.default('blue'),
  kind: teamFields.kind.default('one_on_one'), hostIds: teamFields.hostIds.optional(),
  distribution: teamFields.distribution.default('availability'), reminders: teamFields.reminders.default(DEFAULT_REMINDERS),
}).superRefine(requireLocationDetail);
export type MeetingTypeCreate = z.input<typeof meetingTypeCreateSchema>;
/** PATCH /api/meeting-types/{id}: any of the fields; a phone or on-site type still needs its detail. */
export const meetingTypePatchSchema = z.object({ ...meetingTypeFields, ...teamFields }).partial()
  .refine((value) => Object.keys(value).length > 0, msg('validation.meeting_type_change'));
export type MeetingTypePatch = z.input<typeof meetingTypePatchSchema>;

export const meetingTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  durationMinutes: z.number(),
  description: z.string().nullable(),
  locationKind: z.enum(LOCATION_KINDS),
  locationDetail: z.string().nullable(),
  colour: z.enum(MEETING_COLOURS),
  kind: z.enum(MEETING_KINDS),
  distribution: z.enum(DISTRIBUTIONS),
  /** In priority order, the owner among them. */
  hosts: z.array(z.object({ id: z.string(), name: z.string() })),
  reminders: z.array(z.object({ minutesBefore: z.number(), channel: z.enum(REMINDER_CHANNELS) })),
  /** The owner (who may change it). */
  ownerId: z.string(),
  createdAt: timestamp,
});
export type MeetingType = z.infer<typeof meetingTypeSchema>;
/** GET /api/meeting-types/hosts: the colleagues a type can have as hosts. */
export const teamMembersSchema = z.object({ members: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TeamMember = z.infer<typeof teamMembersSchema>['members'][number];
export const meetingTypeListSchema = z.object({ meetingTypes: z.array(meetingTypeSchema) });
export const meetingTypeAnswerSchema = z.object({ meetingType: meetingTypeSchema, warnings: z.array(availabilityWarningSchema) });

// ---- Booking links ----

/** POST /api/booking-links. Without meetingTypeId: the caller's first meeting type. */
export const bookingLinkCreateSchema = z.object({
  candidateId: idSchema(msg('validation.candidate_id', { field: 'candidateId' })),
  meetingTypeId: idSchema(msg('validation.meeting_type_id', { field: 'meetingTypeId' })).optional(),
  expiresInDays: z.number({ error: msg('validation.expires_in_days') })
    .int(msg('validation.expires_in_days')).min(1, msg('validation.expires_in_days')).max(90, msg('validation.expires_in_days')).optional(),
});
export type BookingLinkCreate = z.infer<typeof bookingLinkCreateSchema>;
/** 201 */
export const bookingLinkCreatedSchema = z.object({ id: z.number(), token: z.string(), url: z.string(), expiresAt: timestamp });
export type BookingLinkCreated = z.infer<typeof bookingLinkCreatedSchema>;

/** created: not sent yet; sent: in a queued message; opened: the candidate looked; booked: a meeting holds; expired. */
export const BOOKING_LINK_STATES = ['created', 'sent', 'opened', 'booked', 'cancelled', 'expired'] as const;
export type BookingLinkState = (typeof BOOKING_LINK_STATES)[number];

/** A link as the candidate drawer lists it: GET /api/candidates/{id}/booking-links */
export const bookingLinkSchema = z.object({
  id: z.number(),
  url: z.string(),
  state: z.enum(BOOKING_LINK_STATES),
  title: z.string(),
  durationMinutes: z.number(),
  meetingTypeId: z.number().nullable(),
  recruiterName: z.string(),
  createdAt: timestamp,
  expiresAt: timestamp,
  sentAt: timestamp.nullable(),
  openedAt: timestamp.nullable(),
  meeting: z.object({ id: z.number(), start: timestamp, end: timestamp, status: z.string() }).nullable(),
});
export type BookingLink = z.infer<typeof bookingLinkSchema>;
export const bookingLinkListSchema = z.object({ bookingLinks: z.array(bookingLinkSchema) });

// ---- Public booking page ----

export { timeZoneParam };


/** An instant with a zone or offset: "2026-12-01T09:00:00.000Z". */
export const instantParam = (field: string) => z.string({ error: msg('validation.instant', { field }) })
  .refine((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)),
    msg('validation.instant', { field }));

/** GET /api/public/booking/{token}/slots (and the recruiter's previews): at most 35 days; defaults: the coming 7 days. */
export const slotsQuerySchema = z.object({
  from: instantParam('from').optional(),
  to: instantParam('to').optional(),
  timeZone: timeZoneParam.optional(),
});
export const slotsAnswerSchema = z.object({ timeZone: z.string(), slots: z.array(slotSchema) });
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;

/**
 * open: book a time; booked: a meeting holds (reschedule or cancel); cancelled: the meeting was cancelled and the link
 * can book a new time; expired: past its date and nothing booked; used: the meeting has taken place.
 */
export const PUBLIC_BOOKING_STATES = ['open', 'booked', 'cancelled', 'expired', 'used'] as const;

/** The meeting as the candidate sees it. Times are instants; `timeZone` is the recruiter's. */
export const publicMeetingSchema = z.object({
  start: timestamp,
  end: timestamp,
  status: z.enum(['confirmed', 'rescheduled', 'cancelled', 'completed', 'no_show']),
  recruiterTimeZone: z.string(),
  candidateTimeZone: z.string().nullable(),
  locationKind: z.enum(LOCATION_KINDS),
  locationDetail: z.string().nullable(),
  /** The Teams join link, once Outlook made it. */
  joinUrl: z.string().nullable(),
  /** A Teams meeting whose link Outlook makes (it comes with the calendar invitation); false: the recruiter sends it. */
  teamsLinkFollows: z.boolean(),
  name: z.string(),
  email: z.string(),
  note: z.string().nullable(),
});
export type PublicMeeting = z.infer<typeof publicMeetingSchema>;

/** GET /api/public/booking/{token}: who, what, how long. */
export const publicBookingSchema = z.object({
  state: z.enum(PUBLIC_BOOKING_STATES),
  /** `language`: the candidate's (null: not known), which the page speaks unless the visitor chose another. */
  candidate: z.object({
    firstName: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable(),
    language: z.enum(LANGUAGES).nullable(),
  }),
  recruiter: z.object({ name: z.string(), email: z.string(), timeZone: z.string() }),
  meetingType: z.object({
    name: z.string(), durationMinutes: z.number(), description: z.string().nullable(),
    locationKind: z.enum(LOCATION_KINDS), locationDetail: z.string().nullable(), colour: z.enum(MEETING_COLOURS),
  }),
  expiresAt: timestamp,
  meeting: publicMeetingSchema.nullable(),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

/** POST /api/public/booking/{token}: book (201) or, when the link already booked, move that meeting (200). */
export const bookingRequestSchema = z.object({
  start: instantParam('start'),
  name: z.string({ error: msg('validation.must_be_text', { field: 'name' }) }).trim().min(1, msg('validation.required', { field: 'name' }))
    .max(120, msg('validation.at_most_characters', { field: 'name', limit: 120 })),
  email: z.string({ error: msg('validation.email_text') }).trim().toLowerCase().max(254, msg('validation.at_most_characters', { field: 'email', limit: 254 }))
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, msg('validation.email_address_like')),
  note: optionalText('note', 1000),
  /** The zone the candidate chose on the page (shown in their email). */
  timeZone: timeZoneParam.optional(),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;
export const bookingAnswerSchema = z.object({ meeting: publicMeetingSchema });

/** 409: the time was just taken (or is no longer free); `slots` are fresh ones around it. */
export const slotTakenSchema = z.object({ error: z.string(), code: z.string().optional(), field: z.literal('start'), slots: z.array(slotSchema) });

/** POST /api/public/booking/{token}/cancel and POST /api/meetings/{id}/cancel */
export const cancelRequestSchema = z.object({ reason: optionalText('reason', 1000) });
