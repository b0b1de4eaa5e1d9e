// The weekly hours, Monday to Sunday: a switch per day (available or not) and its ranges.
// Switching a day off and on again brings its ranges back.
import { Box, Flex, Stack, Switch, Text } from '@mantine/core';
import { useRef } from 'react';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { WEEKDAYS, type Weekday } from '#domain/meetings/availability.ts';
import type { TimeRange } from '#domain/meetings/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { DEFAULT_RANGE, type AvailabilityFormValues } from './availabilityForm.ts';
import { weekdayLabel } from '#app/i18n/format.ts';
import { RangesEditor } from './RangesEditor.tsx';

interface DayRowProps {
  day: Weekday;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  errors: FieldErrors<AvailabilityFormValues>;
}

function DayRow({ day, ranges, onChange, errors }: DayRowProps) {
  const t = useT();
  const switchedOff = useRef<TimeRange[]>([DEFAULT_RANGE]);
  const available = ranges.length > 0;
  const toggle = (on: boolean) => {
    if (on) {
      onChange(switchedOff.current.length > 0 ? switchedOff.current : [DEFAULT_RANGE]);
    } else {
      switchedOff.current = ranges;
      onChange([]);
    }
  };
  return (
    <Flex direction={{ base: 'column', xs: 'row' }} gap={{ base: 6, xs: 'md' }} py="xs" data-testid={`day-${day}`}>
      <Box w={{ xs: 150 }} pt={{ xs: 6 }} style={{ flexShrink: 0 }}>
        <Switch label={weekdayLabel(day)} checked={available} onChange={(event) => toggle(event.currentTarget.checked)}
          data-field={`availability.${day}`} />
      </Box>
      {available
        ? <RangesEditor ranges={ranges} onChange={onChange} path={`availability.${day}`} where={t('meetingBooking.availability.onDay', { day: weekdayLabel(day, { capital: false }) })} errors={errors} />
        : <Text size="sm" c="dimmed" pt={{ xs: 6 }}>{t('meetingBooking.availability.unavailable')}</Text>}
    </Flex>
  );
}

export function WeekEditor({ control, errors }: { control: Control<AvailabilityFormValues>; errors: FieldErrors<AvailabilityFormValues> }) {
  return (
    <Stack gap={0}>
      {WEEKDAYS.map((day) => (
        <Controller key={day} control={control} name={`availability.${day}`} render={({ field }) => (
          <DayRow day={day} ranges={field.value} onChange={field.onChange} errors={errors} />
        )} />
      ))}
    </Stack>
  );
}
