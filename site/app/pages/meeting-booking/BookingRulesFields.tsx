// Buffers, minimum notice, booking horizon, slot step, and the daily and weekly maximum (of all types).
import { SimpleGrid } from '@mantine/core';
import type { Control, FieldErrors } from 'react-hook-form';
import { useT } from '#app/i18n/useT.ts';
import type { AvailabilityFormValues } from './availabilityForm.ts';
import { issueText } from '#app/i18n/serverText.ts';
import { NoticeField } from './NoticeField.tsx';
import { NumberField } from './NumberField.tsx';

interface BookingRulesFieldsProps {
  control: Control<AvailabilityFormValues>;
  errors: FieldErrors<AvailabilityFormValues>;
}

export function BookingRulesFields({ control, errors }: BookingRulesFieldsProps) {
  const t = useT();
  const r = (key: 'bufferBefore' | 'bufferBeforeHint' | 'bufferAfter' | 'bufferAfterHint' | 'horizon' | 'horizonHint' | 'slotStep'
    | 'slotStepHint' | 'maxPerDay' | 'maxPerDayHint' | 'maxPerWeek' | 'maxPerWeekHint' | 'noLimit' | 'minutesSuffix' | 'daysSuffix' | 'meetingsSuffix') =>
    t(`meetingBooking.rules.${key}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <NumberField control={control} name="bufferBeforeMinutes" label={r('bufferBefore')} suffix={r('minutesSuffix')} min={0} max={240} step={5}
        description={r('bufferBeforeHint')} error={issueText(errors.bufferBeforeMinutes?.message)} />
      <NumberField control={control} name="bufferAfterMinutes" label={r('bufferAfter')} suffix={r('minutesSuffix')} min={0} max={240} step={5}
        description={r('bufferAfterHint')} error={issueText(errors.bufferAfterMinutes?.message)} />
      <NoticeField control={control} error={issueText(errors.minimumNoticeMinutes?.message)} />
      <NumberField control={control} name="horizonDays" label={r('horizon')} suffix={r('daysSuffix')} min={1} max={365}
        description={r('horizonHint')} error={issueText(errors.horizonDays?.message)} />
      <NumberField control={control} name="slotStepMinutes" label={r('slotStep')} suffix={r('minutesSuffix')} min={5} max={240} step={5}
        description={r('slotStepHint')} error={issueText(errors.slotStepMinutes?.message)} />
      <NumberField control={control} name="maxPerDay" label={r('maxPerDay')} suffix={r('meetingsSuffix')} min={1} max={50}
        placeholder={r('noLimit')} emptyIs="null" description={r('maxPerDayHint')}
        error={issueText(errors.maxPerDay?.message)} />
      <NumberField control={control} name="maxPerWeek" label={r('maxPerWeek')} suffix={r('meetingsSuffix')} min={1} max={200}
        placeholder={r('noLimit')} emptyIs="null" description={r('maxPerWeekHint')}
        error={issueText(errors.maxPerWeek?.message)} />
    </SimpleGrid>
  );
}
