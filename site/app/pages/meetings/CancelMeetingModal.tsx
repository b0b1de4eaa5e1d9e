// Cancel a meeting with an optional reason; the candidate is emailed (with a
// calendar cancellation) and the Outlook event is cancelled.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import { meetingWith } from './meetingLabels.ts';
import { useCancelMeeting } from './meetingQueries.ts';
import { dateAndTime } from './meetingTime.ts';

const REASON_MAX = 1000;

interface CancelMeetingModalProps {
  meeting: Meeting;
  timeZone: string;
  opened: boolean;
  onClose: () => void;
  onChanged: (meeting: Meeting) => void;
}

export function CancelMeetingModal({ meeting, timeZone, opened, onClose, onChanged }: CancelMeetingModalProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const cancel = useCancelMeeting({ onChanged });
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('meetings.cancel.title')} centered>
      <Stack gap="md">
        <Text size="sm">
          {t('meetings.cancel.body', { name: meetingWith(meeting), when: dateAndTime(meeting, timeZone) })}
        </Text>
        <Textarea label={t('meetings.cancel.reason')} description={t('meetings.cancel.reasonDescription')} rows={3} data-autofocus
          maxLength={REASON_MAX} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
        {cancel.isError && <Alert color="red" title={t('meetings.cancel.failed')}>{errorText(cancel.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>{t('meetings.cancel.keep')}</Button>
          <Button color="red" loading={cancel.isPending}
            onClick={() => cancel.mutate({ id: meeting.id, reason }, { onSuccess: close })}>
            {t('meetings.cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
