// Minimum notice: an amount in minutes, hours or days; the form keeps minutes.
import { Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useT } from '#app/i18n/useT.ts';
import type { AvailabilityFormValues } from './availabilityForm.ts';

const UNITS = [
  { value: 'minutes', minutes: 1 },
  { value: 'hours', minutes: 60 },
  { value: 'days', minutes: 24 * 60 },
] as const;
type Unit = (typeof UNITS)[number]['value'];

const minutesPer = (unit: Unit) => UNITS.find((u) => u.value === unit)?.minutes ?? 1;

/** The largest unit that shows `minutes` as a whole number (240 → hours). */
function unitFor(minutes: number): Unit {
  if (minutes > 0 && minutes % (24 * 60) === 0) return 'days';
  if (minutes > 0 && minutes % 60 === 0) return 'hours';
  return 'minutes';
}

export function NoticeField({ control, error }: { control: Control<AvailabilityFormValues>; error?: string }) {
  return (
    <Controller control={control} name="minimumNoticeMinutes" render={({ field }) => (
      <NoticeInput minutes={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error} />
    )} />
  );
}

interface NoticeInputProps {
  minutes: number;
  onChange: (minutes: number) => void;
  onBlur: () => void;
  error?: string;
}

function NoticeInput({ minutes, onChange, onBlur, error }: NoticeInputProps) {
  const t = useT();
  const [unit, setUnit] = useState<Unit>(() => unitFor(minutes));
  const amount = Number.isNaN(minutes) ? '' : Math.round((minutes / minutesPer(unit)) * 100) / 100;
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NumberInput
          label={t('meetingBooking.rules.minimumNotice')}
          value={amount}
          onChange={(value) => onChange(typeof value === 'number' ? Math.round(value * minutesPer(unit)) : Number.NaN)}
          onBlur={onBlur}
          min={0}
          allowNegative={false}
          decimalScale={2}
          error={error}
          data-field="minimumNoticeMinutes"
          style={{ flexGrow: 1 }}
        />
        <Select
          label={t('meetingBooking.rules.unit')}
          aria-label={t('meetingBooking.rules.unitLabel')}
          data={UNITS.map(({ value }) => ({ value, label: t(`meetingBooking.rules.units.${value}`) }))}
          value={unit}
          onChange={(value) => { if (value) setUnit(value); }}
          allowDeselect={false}
          w={110}
          style={{ flexShrink: 0 }}
        />
      </Group>
      <Text size="xs" c="dimmed">{t('meetingBooking.rules.noticeHint')}</Text>
    </Stack>
  );
}
