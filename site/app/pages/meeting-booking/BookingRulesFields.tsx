// Buffers, minimum notice, booking horizon, slot step and daily maximum.
import { SimpleGrid } from '@mantine/core';
import type { Control, FieldErrors } from 'react-hook-form';
import type { AvailabilityFormValues } from './availabilityForm.ts';
import { NoticeField } from './NoticeField.tsx';
import { NumberField } from './NumberField.tsx';

interface BookingRulesFieldsProps {
  control: Control<AvailabilityFormValues>;
  errors: FieldErrors<AvailabilityFormValues>;
}

export function BookingRulesFields({ control, errors }: BookingRulesFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <NumberField control={control} name="bufferBeforeMinutes" label="Buffer before" suffix=" min" min={0} max={240} step={5}
        description="Kept free before each meeting." error={errors.bufferBeforeMinutes?.message} />
      <NumberField control={control} name="bufferAfterMinutes" label="Buffer after" suffix=" min" min={0} max={240} step={5}
        description="Kept free after each meeting." error={errors.bufferAfterMinutes?.message} />
      <NoticeField control={control} error={errors.minimumNoticeMinutes?.message} />
      <NumberField control={control} name="horizonDays" label="Booking horizon" suffix=" days" min={1} max={365}
        description="How many days ahead candidates can book." error={errors.horizonDays?.message} />
      <NumberField control={control} name="slotStepMinutes" label="Slot step" suffix=" min" min={5} max={240} step={5}
        description="Times are offered every this many minutes from the start of each range." error={errors.slotStepMinutes?.message} />
      <NumberField control={control} name="dailyMaximum" label="Daily maximum" suffix=" meetings" min={1} max={50}
        placeholder="No limit" emptyIs="null" description="Most meetings on one day; leave empty for no limit."
        error={errors.dailyMaximum?.message} />
    </SimpleGrid>
  );
}
