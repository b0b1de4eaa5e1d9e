// What the settings answer says besides the settings: whether Outlook and Teams are
// on, and settings that save but probably were not meant (a type longer than every range).
import { Alert, List } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import type { BookingSettingsAnswer } from '#domain/meetings/booking-schemas.ts';

export function CalendarStatusAlert({ calendar }: { calendar: BookingSettingsAnswer['calendar'] }) {
  const t = useT();
  if (calendar.connected) {
    return (
      <Alert color="green" title={t('meetingBooking.calendar.connected')} data-testid="calendar-status">
        {t('meetingBooking.calendar.connectedBody')}
        {calendar.message ? ` ${calendar.message}` : ''}
      </Alert>
    );
  }
  return (
    <Alert color="gray" title={t('meetingBooking.calendar.notConnected')} data-testid="calendar-status">
      {calendar.message}
    </Alert>
  );
}

export function SettingsWarnings({ warnings }: { warnings: BookingSettingsAnswer['warnings'] }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <Alert color="yellow" title={t('meetingBooking.calendar.checkAvailability')} data-testid="settings-warnings">
      {warnings.length === 1
        ? warnings[0].message
        : <List size="sm">{warnings.map((warning) => <List.Item key={`${warning.field}:${warning.message}`}>{warning.message}</List.Item>)}</List>}
    </Alert>
  );
}
