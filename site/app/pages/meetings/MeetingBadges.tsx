// A meeting's status badge and its meeting type with the type's colour.
import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { STATUS_COLOURS } from './meetingLabels.ts';

export function MeetingStatusBadge({ status }: { status: Meeting['status'] }) {
  const t = useT();
  return <Badge color={STATUS_COLOURS[status]} variant="light" data-testid="meeting-status">{t(`meetings.statuses.${status}`)}</Badge>;
}

export function MeetingTypeLabel({ meetingType }: { meetingType: Meeting['meetingType'] }) {
  const t = useT();
  if (!meetingType) return <Text size="sm" c="dimmed">{t('meetings.noMeetingType')}</Text>;
  return (
    <Group gap={6} wrap="nowrap" data-testid="meeting-type">
      <ColorSwatch color={`var(--mantine-color-${meetingType.colour}-6)`} size={10} withShadow={false} aria-hidden />
      <Text size="sm">{meetingType.name}</Text>
    </Group>
  );
}
