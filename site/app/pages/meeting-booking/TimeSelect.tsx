// A wall-clock time picked from a 15-minute list (type to filter: "13" finds 13:00-13:45).
// Ends may be 24:00 (the end of the day); a saved time off the grid stays listed.
import { Select } from '@mantine/core';
import { MINUTES_PER_DAY, timeText } from '#domain/meetings/availability.ts';

const STEP_MINUTES = 15;
const grid = (from: number, to: number) =>
  Array.from({ length: (to - from) / STEP_MINUTES + 1 }, (_, index) => timeText(from + index * STEP_MINUTES));
const START_TIMES = grid(0, MINUTES_PER_DAY - STEP_MINUTES);
const END_TIMES = grid(STEP_MINUTES, MINUTES_PER_DAY);

interface TimeSelectProps {
  kind: 'start' | 'end';
  value: string;
  onChange: (value: string) => void;
  /** The accessible name, e.g. "Start of range 1 on Monday". */
  label: string;
  /** The form path, for focusing after a server error. */
  field: string;
  /** Marks the input invalid; the message shows under the range (`describedBy`). */
  invalid?: boolean;
  describedBy?: string;
}

export function TimeSelect({ kind, value, onChange, label, field, invalid, describedBy }: TimeSelectProps) {
  const times = kind === 'start' ? START_TIMES : END_TIMES;
  const data = value && !times.includes(value) ? [value, ...times].sort() : times;
  return (
    <Select
      aria-label={label}
      data={data}
      value={value}
      onChange={(next) => { if (next) onChange(next); }}
      allowDeselect={false}
      searchable
      w={104}
      maxDropdownHeight={240}
      // Options render only while open: 96 hidden options per input, a dozen inputs, slow the page.
      comboboxProps={{ keepMounted: false }}
      error={invalid}
      aria-errormessage={describedBy}
      data-field={field}
    />
  );
}
