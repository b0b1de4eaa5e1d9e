// The meetings page's controls: list or week, whose meetings, status, and the
// list's date range (the week view moves by week instead).
import { Group, MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import type { MeetingStatus } from '#domain/meetings/meeting-schemas.ts';
import { STATUS_LABELS } from './meetingLabels.ts';
import { STATUSES, type MeetingsSearch } from './pageParams.ts';

interface MeetingFiltersProps {
  search: MeetingsSearch;
  statuses: MeetingStatus[];
  onChange: (changes: MeetingsSearch) => void;
}

export function ViewSwitch({ search, onChange }: Omit<MeetingFiltersProps, 'statuses'>) {
  return (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl aria-label="View" value={search.view ?? 'list'}
        data={[{ value: 'list', label: 'List' }, { value: 'week', label: 'Week' }]}
        onChange={(view) => onChange({ view: view === 'week' ? 'week' : undefined })} />
      <SegmentedControl aria-label="Whose meetings" value={search.recruiter ?? 'me'}
        data={[{ value: 'me', label: 'Mine' }, { value: 'all', label: 'Everyone' }]}
        onChange={(scope) => onChange({ recruiter: scope === 'all' ? 'all' : undefined })} />
    </Group>
  );
}

export function MeetingFilters({ search, statuses, onChange }: MeetingFiltersProps) {
  const list = (search.view ?? 'list') === 'list';
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label="Status"
        placeholder={statuses.length ? undefined : 'All statuses'}
        data={STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        value={statuses}
        onChange={(values) => onChange({ status: values.join(',') || undefined })}
        clearable
        w={{ base: '100%', xs: 280 }}
      />
      {list && <>
        <TextInput type="date" label="From" value={search.from ?? ''} max={search.to}
          onChange={(event) => onChange({ from: event.currentTarget.value || undefined })} w={{ base: 'calc(50% - 6px)', xs: 170 }} />
        <TextInput type="date" label="To" value={search.to ?? ''} min={search.from}
          onChange={(event) => onChange({ to: event.currentTarget.value || undefined })} w={{ base: 'calc(50% - 6px)', xs: 170 }} />
      </>}
    </Group>
  );
}
