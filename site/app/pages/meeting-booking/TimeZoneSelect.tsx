// The recruiter's IANA time zone: a searchable list of the zones this browser knows.
import { Select } from '@mantine/core';
import { useMemo } from 'react';

let zones: string[] | null = null;
function supportedZones(): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface TimeZoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  onBlur: () => void;
  error?: string;
  /** What the zone is used for, under the label; the booking page's wording by default. */
  description?: string;
  label?: string;
}

export function TimeZoneSelect({ value, onChange, onBlur, error, description, label = 'Time zone' }: TimeZoneSelectProps) {
  // A saved zone this browser spells differently (an alias) stays selectable.
  const data = useMemo(() => (value && !supportedZones().includes(value) ? [value, ...supportedZones()] : supportedZones()), [value]);
  const browserZone = browserTimeZone();
  return (
    <Select
      label={label}
      description={`${description ?? 'Your weekly hours and date overrides are in this zone; candidates see times in their own.'}${browserZone !== value ? ` This browser is in ${browserZone}.` : ''}`}
      data={data}
      value={value}
      onChange={(zone) => { if (zone) onChange(zone); }}
      onBlur={onBlur}
      allowDeselect={false}
      searchable
      // Options render only while open (400 hidden zones slow the page).
      comboboxProps={{ keepMounted: false }}
      nothingFoundMessage="No time zone by that name"
      maw={360}
      error={error}
      data-field="timeZone"
    />
  );
}
