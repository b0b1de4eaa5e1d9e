// What the settings answer says besides the settings: whether Outlook and Teams are
// on, and settings that save but probably were not meant (a type longer than every range).
import { Alert, List } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { codeText, stateText } from '#app/i18n/serverText.ts';
import { useAudience } from '#app/session/CurrentUser.tsx';
import type { BookingSettingsAnswer } from '#domain/meetings/booking-schemas.ts';

export function CalendarStatusAlert({ calendar }: { calendar: BookingSettingsAnswer['calendar'] }) {
  const t = useT();
  const audience = useAudience();
  const message = calendar.message && stateText(calendar.code && `calendar.${calendar.code}`, null, calendar.message, audience);
  if (calendar.connected) {
    return (
      <Alert color="green" title={t('meetingBooking.calendar.connected')} data-testid="calendar-status">
        {t('meetingBooking.calendar.connectedBody')}
        {message ? ` ${message}` : ''}
      </Alert>
    );
  }
  return (
    <Alert color="gray" title={t('meetingBooking.calendar.notConnected')} data-testid="calendar-status">
      {message}
    </Alert>
  );
}

/** A warning in the interface's language (its code; the server's English for one this browser does not know). */
export const warningText = (warning: BookingSettingsAnswer['warnings'][number]) => codeText(warning.code, warning.params, warning.message);

export function SettingsWarnings({ warnings }: { warnings: BookingSettingsAnswer['warnings'] }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <Alert color="yellow" title={t('meetingBooking.calendar.checkAvailability')} data-testid="settings-warnings">
      {warnings.length === 1
        ? warningText(warnings[0])
        : <List size="sm">{warnings.map((warning) => <List.Item key={`${warning.field}:${warning.message}`}>{warningText(warning)}</List.Item>)}</List>}
    </Alert>
  );
}
