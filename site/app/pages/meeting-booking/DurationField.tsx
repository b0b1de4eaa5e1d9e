// A meeting's length: a number of minutes, with the usual lengths one click away.
import { Chip, Group, NumberInput, Stack } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { DURATION_PRESETS } from './meetingTypeForm.ts';

interface DurationFieldProps {
  value: number;
  onChange: (minutes: number) => void;
  onBlur: () => void;
  error?: string;
}

export function DurationField({ value, onChange, onBlur, error }: DurationFieldProps) {
  const t = useT();
  return (
    <Stack gap={6}>
      <NumberInput
        label={t('meetingBooking.typeForm.duration')}
        suffix={t('meetingBooking.typeForm.minutesSuffix')}
        withAsterisk
        min={10}
        max={240}
        step={5}
        allowDecimal={false}
        allowNegative={false}
        value={Number.isNaN(value) ? '' : value}
        onChange={(next) => onChange(typeof next === 'number' ? next : Number.NaN)}
        onBlur={onBlur}
        error={error}
        maw={200}
      />
      <Chip.Group multiple={false} value={String(value)} onChange={(next) => onChange(Number(next))}>
        <Group gap={6} role="group" aria-label={t('meetingBooking.typeForm.commonDurations')}>
          {DURATION_PRESETS.map((minutes) => (
            <Chip key={minutes} value={String(minutes)} size="xs">{t('meetingBooking.typeForm.durationPreset', { minutes })}</Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
