// One meeting type in the list: colour, name, duration, location, description; edit and delete.
import { Button, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { MeetingType } from '#domain/meetings/booking-schemas.ts';
import { colourValue, locationText } from './meetingTypeForm.ts';

interface MeetingTypeRowProps {
  meetingType: MeetingType;
  onEdit: () => void;
  onDelete: () => void;
}

export function MeetingTypeRow({ meetingType, onEdit, onDelete }: MeetingTypeRowProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" py="sm" data-testid={`meeting-type-${meetingType.id}`}>
      <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
        <ColorSwatch color={colourValue(meetingType.colour)} size={14} mt={4} withShadow={false} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{meetingType.name}</Text>
          <Text size="sm" c="dimmed">{meetingType.durationMinutes} min · {locationText(meetingType)}</Text>
          {meetingType.description && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{meetingType.description}</Text>}
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Button variant="subtle" size="compact-sm" aria-label={`Edit ${meetingType.name}`} onClick={onEdit}>Edit</Button>
        <Button variant="subtle" color="red" size="compact-sm" aria-label={`Delete ${meetingType.name}`} onClick={onDelete}>Delete</Button>
      </Group>
    </Group>
  );
}
