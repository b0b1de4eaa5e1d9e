// The recruiter's own notes on a meeting (not sent to the candidate).
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { usePatchMeeting } from './meetingQueries.ts';

const NOTES_MAX = 5000;

export function MeetingNotes({ meeting, onChanged }: { meeting: Meeting; onChanged: (meeting: Meeting) => void }) {
  const t = useT();
  const saved = meeting.notes ?? '';
  const [text, setText] = useState(saved);
  const patch = usePatchMeeting({ onChanged });
  return (
    <Stack gap="xs">
      <Textarea label={t('meetings.notes.label')} description={t('meetings.notes.description')} rows={3}
        maxLength={NOTES_MAX} value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <Group justify="flex-end">
        <Button size="xs" disabled={text === saved} loading={patch.isPending}
          onClick={() => patch.mutate({ id: meeting.id, patch: { notes: text.trim() ? text : null } })}>
          {t('meetings.notes.save')}
        </Button>
      </Group>
    </Stack>
  );
}
