// The availability section: the saved settings loaded into the form, with the
// calendar status and the warnings of the latest answer above it.
import { Card, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { QueryState } from '#app/pages/admin/QueryState.tsx';
import { AvailabilityForm } from './AvailabilityForm.tsx';
import { useBookingSettings } from './bookingQueries.ts';
import { CalendarStatusAlert, SettingsWarnings } from './SettingsAlerts.tsx';

export function AvailabilityCard() {
  const t = useT();
  const settings = useBookingSettings();
  return (
    <Card withBorder padding="lg" data-testid="availability-card">
      <Title order={2} size="h3" mb={4}>{t('meetingBooking.availability.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">{t('meetingBooking.availability.intro')}</Text>
      <QueryState isPending={settings.isPending} error={settings.error}>
        {settings.data && (
          <Stack gap="md">
            <CalendarStatusAlert calendar={settings.data.calendar} />
            <SettingsWarnings warnings={settings.data.warnings} />
            {!settings.data.saved && (
              <Text size="sm" c="dimmed" data-testid="settings-defaults">
                {t('meetingBooking.availability.defaults')}
              </Text>
            )}
            {/* Mounted once with the loaded settings: a refetch does not overwrite edits in progress. */}
            <AvailabilityForm saved={settings.data.settings} />
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
