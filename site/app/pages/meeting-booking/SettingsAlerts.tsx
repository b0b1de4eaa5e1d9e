// What the settings answer says besides the settings: whether Outlook and Teams are
// on, and settings that save but probably were not meant (a type longer than every range).
import { Alert, List } from '@mantine/core';
import type { BookingSettingsAnswer } from '#domain/meetings/booking-schemas.ts';

export function CalendarStatusAlert({ calendar }: { calendar: BookingSettingsAnswer['calendar'] }) {
  if (calendar.connected) {
    return (
      <Alert color="green" title="Outlook calendar connected" data-testid="calendar-status">
        Busy times in your Outlook calendar are kept free, and each booking gets a Microsoft Teams meeting.
        {calendar.message ? ` ${calendar.message}` : ''}
      </Alert>
    );
  }
  return (
    <Alert color="gray" title="Outlook calendar not connected" data-testid="calendar-status">
      {calendar.message}
    </Alert>
  );
}

export function SettingsWarnings({ warnings }: { warnings: BookingSettingsAnswer['warnings'] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert color="yellow" title="Check your availability" data-testid="settings-warnings">
      {warnings.length === 1
        ? warnings[0].message
        : <List size="sm">{warnings.map((warning) => <List.Item key={`${warning.field}:${warning.message}`}>{warning.message}</List.Item>)}</List>}
    </Alert>
  );
}
