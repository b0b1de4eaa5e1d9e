// An IANA time zone (the recruiter's, the organisation's, a candidate's): a searchable list of the zones this browser knows.
import { Select, type OptionsFilter } from '@mantine/core';
import { useMemo } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { browserTimeZone } from '#site/scripts/booking/zones.ts';

let zones: string[] | null = null;
function supportedZones(): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones;
}

/** "new york" finds America/New_York: spaces and underscores are the same when searching. */
const words = (text: string) => text.toLowerCase().replace(/[\s_]+/g, ' ').trim();
const zoneFilter: OptionsFilter = ({ options, search }) => {
  const wanted = words(search);
  return options.filter((option) => 'label' in option && words(option.label).includes(wanted));
};

interface TimeZoneSelectProps {
  /** The zone; '' is the empty choice when `emptyLabel` offers one. */
  value: string;
  onChange: (zone: string) => void;
  onBlur: () => void;
  error?: string;
  /** What the zone is used for, under the label; the booking page's wording by default. */
  description?: string;
  label?: string;
  /** Offers "no zone" (value '') first under this label, e.g. "Infer from location"; without it a zone is required. */
  emptyLabel?: string;
  /** Whether to say which zone this browser is in (useful for the recruiter's own zone). */
  hintBrowserZone?: boolean;
}

export function TimeZoneSelect({
  value, onChange, onBlur, error, description, label, emptyLabel, hintBrowserZone = true,
}: TimeZoneSelectProps) {
  const t = useT();
  // A saved zone this browser spells differently (an alias) stays selectable.
  const data = useMemo(() => {
    const zones = value && !supportedZones().includes(value) ? [value, ...supportedZones()] : supportedZones();
    return emptyLabel === undefined ? zones : [{ value: '', label: emptyLabel }, ...zones];
  }, [value, emptyLabel]);
  const browserZone = browserTimeZone();
  return (
    <Select
      label={label ?? t('meetingBooking.timeZone.label')}
      description={`${description ?? t('meetingBooking.timeZone.description')}${hintBrowserZone && browserZone !== value ? t('meetingBooking.timeZone.browserZone', { zone: browserZone }) : ''}`}
      data={data}
      value={value}
      onChange={(zone) => { if (zone !== null && (zone || emptyLabel !== undefined)) onChange(zone); }}
      onBlur={onBlur}
      allowDeselect={false}
      searchable
      filter={zoneFilter}
      // Options render only while open (400 hidden zones slow the page).
      comboboxProps={{ keepMounted: false }}
      nothingFoundMessage={t('meetingBooking.timeZone.nothingFound')}
      maw={360}
      error={error}
      data-field="timeZone"
    />
  );
}
