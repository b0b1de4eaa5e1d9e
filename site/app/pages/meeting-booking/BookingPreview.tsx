// "Preview as the candidate sees it": the public booking page's greeting and the
// coming week's free times, from the saved settings, for a made-up candidate.
import { Alert, Badge, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import type { MeetingType } from '#domain/meetings/booking-schemas.ts';
import { QueryState } from '#app/pages/admin/QueryState.tsx';
import { useBookingSettings, useMeetingTypes, usePreviewSlots } from './bookingQueries.ts';
import { locationText } from './meetingTypeForm.ts';
import { slotsByDay, zoneName } from './slotDays.ts';

const PREVIEW_CANDIDATE = 'Alex';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function BookingPreview() {
  const t = useT();
  const types = useMeetingTypes().data?.meetingTypes ?? [];
  const timeZone = useBookingSettings().data?.settings.timeZone;
  const [chosenId, setChosenId] = useState<number | null>(null);
  const meetingType = types.find((type) => type.id === chosenId) ?? types.at(0) ?? null;

  return (
    <Card withBorder padding="lg" data-testid="booking-preview">
      <Title order={2} size="h3" mb={4}>{t('meetingBooking.preview.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('meetingBooking.preview.intro')}
      </Text>
      {types.length === 0
        ? <Text size="sm" c="dimmed">{t('meetingBooking.preview.noTypes')}</Text>
        : (
          <Stack gap="md">
            <Select label={t('meetingBooking.preview.meetingType')} data={types.map((type) => ({ value: String(type.id), label: type.name }))}
              value={meetingType ? String(meetingType.id) : null} onChange={(id) => setChosenId(id ? Number(id) : null)}
              allowDeselect={false} maw={360} />
            {meetingType && timeZone && <CandidateView meetingType={meetingType} timeZone={timeZone} />}
          </Stack>
        )}
    </Card>
  );
}

function CandidateView({ meetingType, timeZone }: { meetingType: MeetingType; timeZone: string }) {
  const t = useT();
  const user = useCurrentUser();
  // The coming week from when the page opened (a stable query key).
  const [from] = useState(() => new Date());
  const slots = usePreviewSlots({
    meetingTypeId: meetingType.id, from: from.toISOString(), to: new Date(from.getTime() + WEEK_MS).toISOString(), timeZone,
  });
  const days = slots.data ? slotsByDay(slots.data.slots, slots.data.timeZone) : [];
  const recruiterName = user.displayName || user.username;

  return (
    <Card withBorder radius="md" padding="md" bg="var(--mantine-color-body)" data-testid="candidate-view">
      <Stack gap="sm">
        <Text fw={600}>{t('meetingBooking.preview.greeting', { name: PREVIEW_CANDIDATE })}</Text>
        <Text size="sm">
          {t('meetingBooking.preview.invitesBefore', { recruiter: recruiterName })}<strong>{meetingType.name}</strong>
          {t('meetingBooking.preview.invitesAfter', { minutes: meetingType.durationMinutes, location: locationText(meetingType) })}
        </Text>
        {meetingType.description && <Text size="sm" c="dimmed">{meetingType.description}</Text>}
        <QueryState isPending={slots.isPending} error={slots.error}>
          <Text size="xs" c="dimmed">
            {t('meetingBooking.preview.timesIn', { zone: slots.data?.timeZone ?? timeZone, zoneName: zoneName(slots.data?.timeZone ?? timeZone, from) })}
          </Text>
          {days.length === 0
            ? <Alert color="gray" mt="xs">{t('meetingBooking.preview.noFreeTimes')}</Alert>
            : (
              <Stack gap="sm" mt="xs">
                {days.map((day) => (
                  <Stack key={day.date} gap={4} data-testid={`preview-day-${day.date}`}>
                    <Title order={3} size="h6">{day.heading}</Title>
                    <Group gap={6} role="list" aria-label={t('meetingBooking.preview.freeTimesOn', { day: day.heading })}>
                      {day.slots.map((slot) => (
                        <Badge key={slot.start} role="listitem" variant="light" size="lg" radius="sm" tt="none">{slot.time}</Badge>
                      ))}
                    </Group>
                  </Stack>
                ))}
              </Stack>
            )}
        </QueryState>
      </Stack>
    </Card>
  );
}
