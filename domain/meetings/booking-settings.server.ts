// A recruiter's booking settings: one row in public.booking_settings, or the
// defaults until they save. The slot computation (domain/meetings/slots.ts) and
// the booking code read them through loadBookingSettings.
import type { Tx } from '../../platform/db/request.server.ts';
import type { AvailabilitySettings, WeeklyAvailability } from './schemas.ts';
import { WEEKDAYS } from './availability.ts';

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
  maxPerDay: null,
  maxPerWeek: null,
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
  maxPerDay: number | null;
  maxPerWeek: number | null;
}

/** The recruiter's saved settings, or (saved: false) a copy of the defaults. */
export async function loadBookingSettings(tx: Tx, recruiterId: string): Promise<{ settings: AvailabilitySettings; saved: boolean }> {
  const { rows } = await tx.query<SettingsRow>(
    `select time_zone as "timeZone", availability, overrides, buffer_before_minutes as "bufferBeforeMinutes",
            buffer_after_minutes as "bufferAfterMinutes", minimum_notice_minutes as "minimumNoticeMinutes",
            horizon_days as "horizonDays", slot_step_minutes as "slotStepMinutes", max_per_day as "maxPerDay", max_per_week as "maxPerWeek"
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
       minimum_notice_minutes, horizon_days, slot_step_minutes, max_per_day, max_per_week)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (recruiter_id) do update set time_zone = excluded.time_zone, availability = excluded.availability,
       overrides = excluded.overrides, buffer_before_minutes = excluded.buffer_before_minutes,
       buffer_after_minutes = excluded.buffer_after_minutes, minimum_notice_minutes = excluded.minimum_notice_minutes,
       horizon_days = excluded.horizon_days, slot_step_minutes = excluded.slot_step_minutes, max_per_day = excluded.max_per_day,
       max_per_week = excluded.max_per_week`,
    [recruiterId, settings.timeZone, JSON.stringify(settings.availability), JSON.stringify(settings.overrides),
      settings.bufferBeforeMinutes, settings.bufferAfterMinutes, settings.minimumNoticeMinutes, settings.horizonDays,
      settings.slotStepMinutes, settings.maxPerDay, settings.maxPerWeek]);
}
