// The booking settings as /app/meeting-booking shows them: the settings with their
// meeting types' warnings and whether Outlook and Teams are connected.
import type { Tx } from '../../platform/db/request.server.ts';
import type { AvailabilityWarning } from './schemas.ts';
import { meetingDurationWarning } from './availability.ts';
import { warningAnswer } from './warnings.server.ts';
import { englishState } from '../i18n/english.ts';
import type { BookingSettingsAnswer } from './booking-schemas.ts';
import { loadBookingSettings } from './booking-settings.server.ts';
import { listMeetingTypes } from './meeting-types.server.ts';

/** Whether Outlook and Teams are on, as the English text and its code (states.calendar.<code>, decision 032). */
function calendarState(connected: boolean): BookingSettingsAnswer['calendar'] {
  // states.teams.not_configured speaks of one booked meeting; this page speaks of booking in general.
  const code = connected ? 'connected' : 'not_connected';
  return { connected, message: englishState(`calendar.${code}`), code };
}

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
      warnings.push(warningAnswer(`meetingTypes.${type.id}.durationMinutes`, { code: 'type_duration_longer_than_ranges', params: { ...warning.params, name: type.name } }));
    } else if (!warnings.some((known) => known.field === warning.field)) {
      // No ranges at all: one warning, whatever the number of types.
      warnings.push(warningAnswer(warning.field, warning));
    }
  }
  return {
    settings,
    saved,
    warnings,
    calendar: calendarState(calendarConnected),
  };
}
