// One meeting type in the list: colour, name, duration, location, who hosts it, its reminders and
// description; edit and delete for its owner, who set it up for a host who is not.
import { Button, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { MeetingType } from '#domain/meetings/booking-schemas.ts';
import { formatList } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { reminderText } from '../meetings/meetingLabels.ts';
import { colourValue, locationText } from './meetingTypeForm.ts';

interface MeetingTypeRowProps {
  meetingType: MeetingType;
  /** Only the owner may change it; null: the viewer is one of its hosts. */
  actions: { onEdit: () => void; onDelete: () => void } | null;
}

export function MeetingTypeRow({ meetingType, actions }: MeetingTypeRowProps) {
  const t = useT();
  const kind = t(`meetingBooking.typeForm.kinds.${meetingType.kind}`);
  const owner = meetingType.hosts.find((host) => host.id === meetingType.ownerId)?.name ?? '';
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" py="sm" data-testid={`meeting-type-${meetingType.id}`}>
      <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
        <ColorSwatch color={colourValue(meetingType.colour)} size={14} mt={4} withShadow={false} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{meetingType.name}</Text>
          <Text size="sm" c="dimmed">{t('meetingBooking.types.durationAndLocation', { minutes: meetingType.durationMinutes, location: locationText(meetingType) })}</Text>
          <Text size="sm" data-testid="meeting-type-hosts">
            {meetingType.kind === 'one_on_one'
              ? kind
              : t('meetingBooking.types.kindWithHosts', { kind, hosts: formatList(meetingType.hosts.map((host) => host.name)) })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="meeting-type-reminders">
            {meetingType.reminders.length === 0
              ? t('meetingBooking.types.noReminders')
              : t('meetingBooking.types.reminders', { list: formatList(meetingType.reminders.map(reminderText)) })}
          </Text>
          {meetingType.description && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{meetingType.description}</Text>}
          {!actions && <Text size="xs" c="dimmed">{t('meetingBooking.types.setUpBy', { name: owner })}</Text>}
        </Stack>
      </Group>
      {actions && (
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button variant="subtle" size="compact-sm" aria-label={t('meetingBooking.types.editLabel', { name: meetingType.name })}
            onClick={actions.onEdit}>{t('meetingBooking.types.edit')}</Button>
          <Button variant="subtle" color="red" size="compact-sm" aria-label={t('meetingBooking.types.deleteLabel', { name: meetingType.name })}
            onClick={actions.onDelete}>{t('meetingBooking.types.delete')}</Button>
        </Group>
      )}
    </Group>
  );
}
