// One meeting type in the list: colour, name, duration, location, description; edit and delete.
import { Button, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { MeetingType } from '#domain/meetings/booking-schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { colourValue, locationText } from './meetingTypeForm.ts';

interface MeetingTypeRowProps {
  meetingType: MeetingType;
  onEdit: () => void;
  onDelete: () => void;
}

export function MeetingTypeRow({ meetingType, onEdit, onDelete }: MeetingTypeRowProps) {
  const t = useT();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" py="sm" data-testid={`meeting-type-${meetingType.id}`}>
      <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
        <ColorSwatch color={colourValue(meetingType.colour)} size={14} mt={4} withShadow={false} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{meetingType.name}</Text>
          <Text size="sm" c="dimmed">{t('meetingBooking.types.durationAndLocation', { minutes: meetingType.durationMinutes, location: locationText(meetingType) })}</Text>
          {meetingType.description && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{meetingType.description}</Text>}
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Button variant="subtle" size="compact-sm" aria-label={t('meetingBooking.types.editLabel', { name: meetingType.name })}
          onClick={onEdit}>{t('meetingBooking.types.edit')}</Button>
        <Button variant="subtle" color="red" size="compact-sm" aria-label={t('meetingBooking.types.deleteLabel', { name: meetingType.name })}
          onClick={onDelete}>{t('meetingBooking.types.delete')}</Button>
      </Group>
    </Group>
  );
}
