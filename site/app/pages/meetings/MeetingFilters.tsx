// The meetings page's controls: list or week, whose meetings, status, and the
// list's date range (the week view moves by week instead).
import { Group, MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import type { MeetingStatus } from '#domain/meetings/meeting-schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { STATUSES, type MeetingsSearch } from './pageParams.ts';

interface MeetingFiltersProps {
  search: MeetingsSearch;
  statuses: MeetingStatus[];
  onChange: (changes: MeetingsSearch) => void;
}

export function ViewSwitch({ search, onChange }: Omit<MeetingFiltersProps, 'statuses'>) {
  const t = useT();
  return (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl aria-label={t('meetings.filters.view')} value={search.view ?? 'list'}
        data={[{ value: 'list', label: t('meetings.filters.list') }, { value: 'week', label: t('meetings.filters.week') }]}
        onChange={(view) => onChange({ view: view === 'week' ? 'week' : undefined })} />
      <SegmentedControl aria-label={t('meetings.filters.whose')} value={search.recruiter ?? 'me'}
        data={[{ value: 'me', label: t('meetings.filters.mine') }, { value: 'all', label: t('meetings.filters.everyone') }]}
        onChange={(scope) => onChange({ recruiter: scope === 'all' ? 'all' : undefined })} />
    </Group>
  );
}

export function MeetingFilters({ search, statuses, onChange }: MeetingFiltersProps) {
  const t = useT();
  const list = (search.view ?? 'list') === 'list';
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label={t('meetings.filters.status')}
        placeholder={statuses.length ? undefined : t('meetings.filters.allStatuses')}
        data={STATUSES.map((value) => ({ value, label: t(`meetings.statuses.${value}`) }))}
        value={statuses}
        onChange={(values) => onChange({ status: values.join(',') || undefined })}
        clearable
        w={{ base: '100%', xs: 280 }}
      />
      {list && <>
        <TextInput type="date" label={t('meetings.filters.from')} value={search.from ?? ''} max={search.to}
          onChange={(event) => onChange({ from: event.currentTarget.value || undefined })} w={{ base: 'calc(50% - 6px)', xs: 170 }} />
        <TextInput type="date" label={t('meetings.filters.to')} value={search.to ?? ''} min={search.from}
          onChange={(event) => onChange({ to: event.currentTarget.value || undefined })} w={{ base: 'calc(50% - 6px)', xs: 170 }} />
      </>}
    </Group>
  );
}
