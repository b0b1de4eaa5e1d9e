// The candidate's reminders of a meeting, each with its state: scheduled (and when it goes),
// sent, cancelled with the meeting, skipped (why) or failed (the error).
import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '#app/i18n/format.ts';
import { codeText } from '#app/i18n/serverText.ts';
import { useT } from '#app/i18n/useT.ts';
import type { Meeting, ReminderState } from '#domain/meetings/meeting-schemas.ts';
import { DetailSection } from '../people/DetailSection.tsx';
import { reminderText } from './meetingLabels.ts';

const STATE_COLOURS: Record<ReminderState, string> = { scheduled: 'blue', sent: 'green', cancelled: 'gray', skipped: 'yellow', failed: 'red' };

type Reminder = Meeting['reminders'][number];

/** When it goes or went, or why it did not. */
function reminderDetail(t: ReturnType<typeof useT>, reminder: Reminder): string | null {
  switch (reminder.state) {
    case 'scheduled': return t('meetings.reminders.due', { when: formatDateTime(reminder.dueAt) });
    case 'sent': return t('meetings.reminders.sentAt', { when: formatDateTime(reminder.sentAt ?? reminder.dueAt) });
    case 'cancelled': return t('meetings.reminders.cancelled');
    // What the worker kept: our code in the interface's language, or a provider's words as they were said.
    default: return reminder.error ? codeText(reminder.error, null, reminder.error) : null;
  }
}

export function MeetingReminders({ reminders }: { reminders: Meeting['reminders'] }) {
  const t = useT();
  const ordered = [...reminders].sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
  return (
    <DetailSection title={t('meetings.reminders.title')} testId="meeting-reminders">
      {ordered.length === 0
        ? <Text size="sm" c="dimmed">{t('meetings.reminders.none')}</Text>
        : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {ordered.map((reminder) => {
              const detail = reminderDetail(t, reminder);
              return (
              <Stack component="li" key={`${reminder.minutesBefore}-${reminder.channel}`} gap={2} data-testid="meeting-reminder"
                data-state={reminder.state}>
                <Group gap="xs" wrap="wrap">
                  <Badge color={STATE_COLOURS[reminder.state]} variant="light">{t(`meetings.reminders.states.${reminder.state}`)}</Badge>
                  <Text size="sm">{reminderText(reminder)}</Text>
                </Group>
                {detail && (
                  <Text size="xs" c={reminder.state === 'failed' ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>{detail}</Text>
                )}
              </Stack>
              );
            })}
          </Stack>
        )}
    </DetailSection>
  );
}
