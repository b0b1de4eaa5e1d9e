// A recruiter's booking settings: one row in public.booking_settings, or the
// defaults until they save. The slot computation (domain/meetings/slots.ts) and
// the booking code read them through loadBookingSettings.
import { TEAMS_SETUP } from './calendar-port.ts';
import type { Tx } from '../db/request.ts';
import type { AvailabilitySettings, AvailabilityWarning, WeeklyAvailability } from './schemas.ts';
import { meetingDurationWarning, WEEKDAYS } from './availability.ts';
import type { BookingSettingsAnswer } from './booking-schemas.ts';
import { listMeetingTypes } from './meeting-types.ts';

const OFFICE_HOURS = [{ start: '09:00', end: '17:00' }];

/** Until a recruiter saves: Europe/Amsterdam, Monday to Friday 09:00-17:00, 4 hours' notice, 30 days ahead. */
export const DEFAULT_BOOKING_SETTINGS: AvailabilitySettings = {
  timeZone: 'Europe/Amsterdam',
  availability: {
    monday: OFFICE_HOURS, tuesday: OFFICE_HOURS, wednesday: OFFICE_HOURS, thursday: OFFICE_HOURS, friday: OFFICE_HOURS,
    saturday: [], sunday: [],
  },
  overrides: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 240,
  horizonDays: 30,
  slotStepMinutes: 30,
  dailyMaximum: null,
};

interface SettingsRow {
  timeZone: string;
  availability: Partial<WeeklyAvailability>;
  overrides: AvailabilitySettings['overrides'];
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
  slotStepMinutes: number;
  dailyMaximum: number | null;
}

/** The recruiter's saved settings, or (saved: false) a copy of the defaults. */
export async function loadBookingSettings(tx: Tx, recruiterId: string): Promise<{ settings: AvailabilitySettings; saved: boolean }> {
  const { rows } = await tx.query<SettingsRow>(
    `select time_zone as "timeZone", availability, overrides, buffer_before_minutes as "bufferBeforeMinutes",
            buffer_after_minutes as "bufferAfterMinutes", minimum_notice_minutes as "minimumNoticeMinutes",
            horizon_days as "horizonDays", slot_step_minutes as "slotStepMinutes", daily_maximum as "dailyMaximum"
       from public.booking_settings where recruiter_id = $1`, [recruiterId]);
  const row = rows[0];
  if (!row) return { settings: structuredClone(DEFAULT_BOOKING_SETTINGS), saved: false };
  // Every weekday present, even in a row written without the days off.
  const availability = Object.fromEntries(WEEKDAYS.map((day) => [day, row.availability[day] ?? []])) as WeeklyAvailability;
  return { settings: { ...row, availability }, saved: true };
}

/** Saves the whole settings object (parsed by availabilitySettingsSchema) as the recruiter's one row. */
export async function saveBookingSettings(tx: Tx, recruiterId: string, settings: AvailabilitySettings): Promise<void> {
  await tx.query(
    `insert into public.booking_settings (recruiter_id, time_zone, availability, overrides, buffer_before_minutes, buffer_after_minutes,
       minimum_notice_minutes, horizon_days, slot_step_minutes, daily_maximum)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (recruiter_id) do update set time_zone = excluded.time_zone, availability = excluded.availability,
       overrides = excluded.overrides, buffer_before_minutes = excluded.buffer_before_minutes,
       buffer_after_minutes = excluded.buffer_after_minutes, minimum_notice_minutes = excluded.minimum_notice_minutes,
       horizon_days = excluded.horizon_days, slot_step_minutes = excluded.slot_step_minutes, daily_maximum = excluded.daily_maximum`,
    [recruiterId, settings.timeZone, JSON.stringify(settings.availability), JSON.stringify(settings.overrides),
      settings.bufferBeforeMinutes, settings.bufferAfterMinutes, settings.minimumNoticeMinutes, settings.horizonDays,
      settings.slotStepMinutes, settings.dailyMaximum]);
}

const CALENDAR_CONNECTED = 'Outlook busy times and Teams links are on';
// TEAMS_NOT_CONFIGURED speaks of one booked meeting; this page speaks of booking in general.
const CALENDAR_NOT_CONNECTED =
  'Teams is not configured: meetings are confirmed and the candidate gets the invitation by email, but without a Teams ' +
  `link, and Outlook busy times are not checked. To turn it on, ${TEAMS_SETUP}`;

/**
 * The settings as /app/meeting-booking shows them: saved or default, what in them is probably
 * not meant (an active meeting type that fits in no range, or no ranges at all), and whether
 * Outlook and Teams are connected (and if not, what to set).
 */
export async function bookingSettingsAnswer(tx: Tx, recruiterId: string, calendarConnected: boolean): Promise<BookingSettingsAnswer> {
  const { settings, saved } = await loadBookingSettings(tx, recruiterId);
  const warnings: AvailabilityWarning[] = [];
  for (const type of await listMeetingTypes(tx, recruiterId)) {
    const warning = meetingDurationWarning(settings, type.durationMinutes);
    if (!warning) continue;
    if (warning.field === 'durationMinutes') {
      warnings.push({ field: `meetingTypes.${type.id}.durationMinutes`, message: `${type.name}: ${warning.message}` });
    } else if (!warnings.some((known) => known.field === warning.field)) {
      // No ranges at all: one warning, whatever the number of types.
      warnings.push(warning);
    }
  }
  return {
    settings,
    saved,
    warnings,
    calendar: { connected: calendarConnected, message: calendarConnected ? CALENDAR_CONNECTED : CALENDAR_NOT_CONNECTED },
  };
}
