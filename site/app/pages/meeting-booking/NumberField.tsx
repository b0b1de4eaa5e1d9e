// A whole-number setting bound to the availability form. An emptied input is NaN for
// the schema to name ("horizonDays must be a whole number ..."), or null where `emptyIs` says so.
import { NumberInput } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import type { AvailabilityFormValues } from './availabilityForm.ts';

export type NumberSetting = 'bufferBeforeMinutes' | 'bufferAfterMinutes' | 'horizonDays' | 'slotStepMinutes' | 'maxPerDay' | 'maxPerWeek';

interface NumberFieldProps {
  control: Control<AvailabilityFormValues>;
  name: NumberSetting;
  label: string;
  description?: string;
  suffix?: string;
  min: number;
  max: number;
  step?: number;
  placeholder?: string;
  error?: string;
  /** What an empty input means: null (e.g. "No limit"), or NaN (a value is required). */
  emptyIs?: 'null' | 'NaN';
}

export function NumberField({ control, name, label, description, suffix, min, max, step, placeholder, error, emptyIs = 'NaN' }: NumberFieldProps) {
  return (
    <Controller control={control} name={name} render={({ field }) => (
      <NumberInput
        label={label}
        description={description}
        suffix={suffix}
        min={min}
        max={max}
        step={step}
        placeholder={placeholder}
        allowDecimal={false}
        allowNegative={false}
        value={field.value === null || Number.isNaN(field.value) ? '' : field.value}
        onChange={(value) => field.onChange(typeof value === 'number' ? value : emptyIs === 'null' ? null : Number.NaN)}
        onBlur={field.onBlur}
        error={error}
        data-field={name}
      />
    )} />
  );
}
