// Move a meeting: the free times of one week at a time (the recruiter's
// availability, from GET /api/meetings/{id}/slots), choose one, confirm. When
// the time was just taken (409), the API's message and its fresh times show.
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { usePhone } from '#app/lib/usePhone.ts';
import { useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import type { Meeting } from '#domain/meetings/meeting-schemas.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import { meetingWith } from './meetingLabels.ts';
import { slotsOfConflict, useRescheduleMeeting, useRescheduleSlots } from './meetingQueries.ts';
import { addDays, dateAndTime, mediumDate, startOfDay, weekDates } from './meetingTime.ts';
import { SlotPicker } from './SlotPicker.tsx';

interface RescheduleModalProps {
  meeting: Meeting;
  timeZone: string;
  today: string;
  opened: boolean;
  onClose: () => void;
  onChanged: (meeting: Meeting) => void;
}

export function RescheduleModal({ opened, onClose, ...props }: RescheduleModalProps) {
  const t = useT();
  const phone = usePhone();
  return (
    <Modal opened={opened} onClose={onClose} title={t('meetings.reschedule.title')} size="lg" fullScreen={phone}>
      {opened && <RescheduleForm {...props} onClose={onClose} />}
    </Modal>
  );
}

function RescheduleForm({ meeting, timeZone, today, onClose, onChanged }: Omit<RescheduleModalProps, 'opened'>) {
  const t = useT();
  const [week, setWeek] = useState(0);
  const [selected, setSelected] = useState<Slot | null>(null);
  const [conflict, setConflict] = useState<{ message: string; slots: Slot[] } | null>(null);
  const firstDate = addDays(today, week * 7);
  const dates = weekDates(firstDate);
  const range = { from: startOfDay(firstDate, timeZone), to: startOfDay(addDays(firstDate, 7), timeZone) };
  const slots = useRescheduleSlots(meeting.id, range, timeZone);
  const reschedule = useRescheduleMeeting({ onChanged });

  const confirm = () => {
    if (!selected) return;
    reschedule.mutate({ id: meeting.id, start: selected.start }, {
      onSuccess: onClose,
      onError: (error) => {
        const fresh = slotsOfConflict(error);
        if (fresh) {
          setConflict({ message: errorText(error), slots: fresh });
          setSelected(null);
        }
      },
    });
  };
  const moveWeek = (delta: number) => {
    setWeek(week + delta);
    setConflict(null);
  };
  const otherError = reschedule.isError && !slotsOfConflict(reschedule.error);

  return (
    <Stack gap="md">
      <Text size="sm">
        {t('meetings.reschedule.now', { when: dateAndTime(meeting, timeZone), name: meetingWith(meeting), zone: timeZone })}
      </Text>
      {conflict ? (
        <>
          <Alert color="orange" title={conflict.message} data-testid="slot-conflict">
            {conflict.slots.length ? t('meetings.reschedule.freeNow') : t('meetings.reschedule.noOtherTimes')}
          </Alert>
          <SlotPicker slots={conflict.slots} timeZone={timeZone} selected={selected} onSelect={setSelected} />
          <Button variant="subtle" onClick={() => setConflict(null)} w="fit-content">{t('meetings.reschedule.wholeWeek')}</Button>
        </>
      ) : (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Button variant="default" size="xs" disabled={week === 0} onClick={() => moveWeek(-1)}>{t('meetings.reschedule.earlier')}</Button>
            <Text size="sm" fw={500} aria-live="polite">{mediumDate(dates[0])} – {mediumDate(dates[6])}</Text>
            <Button variant="default" size="xs" onClick={() => moveWeek(1)}>{t('meetings.reschedule.later')}</Button>
          </Group>
          {slots.isPending && <Center py="md"><Loader size="sm" aria-label={t('meetings.reschedule.loadingTimes')} /></Center>}
          {slots.isError && <Alert color="red" title={t('meetings.reschedule.timesFailed')}>{errorText(slots.error)}</Alert>}
          {slots.data && <SlotPicker slots={slots.data.slots} timeZone={timeZone} dates={dates} selected={selected} onSelect={setSelected} />}
        </>
      )}
      {otherError && <Alert color="red" title={t('meetings.reschedule.failed')}>{errorText(reschedule.error)}</Alert>}
      <Stack gap={4}>
        {selected && <Text size="sm" fw={500} data-testid="reschedule-choice">{t('meetings.reschedule.newTime', { when: dateAndTime(selected, timeZone) })}</Text>}
        <Text size="xs" c="dimmed">{t('meetings.reschedule.emailed')}</Text>
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>{t('meetings.reschedule.back')}</Button>
        <Button disabled={!selected} loading={reschedule.isPending} onClick={confirm}>{t('meetings.reschedule.confirm')}</Button>
      </Group>
    </Stack>
  );
}
