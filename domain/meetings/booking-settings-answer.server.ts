// The booking settings as /app/meeting-booking shows them: the settings with their
// meeting types' warnings and whether Outlook and Teams are connected.
import type { Tx } from '../../platform/db/request.server.ts';
import { TEAMS_SETUP } from './calendar-port.ts';
import type { AvailabilityWarning } from './schemas.ts';
import { meetingDurationWarning } from './availability.ts';
import type { BookingSettingsAnswer } from './booking-schemas.ts';
import { loadBookingSettings } from './booking-settings.server.ts';
import { listMeetingTypes } from './meeting-types.server.ts';

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
