// Free times by day, as buttons; the chosen one is pressed.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import type { Slot } from '#domain/meetings/schemas.ts';
import { slotsByDay } from '#site/scripts/booking/format.ts';
import { localTimes, longDate } from './meetingTime.ts';

interface SlotPickerProps {
  slots: Slot[];
  timeZone: string;
  /** Days to list even without a free time ("No free times"); default: only days with times. */
  dates?: string[];
  selected: Slot | null;
  onSelect: (slot: Slot) => void;
}

export function SlotPicker({ slots, timeZone, dates, selected, onSelect }: SlotPickerProps) {
  const t = useT();
  const byDate = new Map(slotsByDay(slots, timeZone).map((day) => [day.date, day.slots]));
  const days = dates ?? [...byDate.keys()];
  return (
    <Stack gap="sm" data-testid="slot-picker">
      {days.map((date) => {
        const free = byDate.get(date) ?? [];
        return (
          <Stack key={date} gap={4} component="section" aria-labelledby={`slots-${date}`}>
            <Title order={3} size="h6" id={`slots-${date}`}>{longDate(date)}</Title>
            {free.length === 0
              ? <Text size="sm" c="dimmed">{t('meetings.reschedule.noFreeTimes')}</Text>
              : (
                <Group gap={6}>
                  {free.map((slot) => {
                    const chosen = selected?.start === slot.start;
                    return (
                      <Button key={slot.start} size="xs" variant={chosen ? 'filled' : 'default'} aria-pressed={chosen}
                        onClick={() => onSelect({ start: slot.start, end: slot.end })}>
                        {localTimes(slot, timeZone).startTime}
                      </Button>
                    );
                  })}
                </Group>
              )}
          </Stack>
        );
      })}
    </Stack>
  );
}
