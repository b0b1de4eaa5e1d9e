// The meetings page's controls: list or week, whose meetings (by host), status,
// and the list's date range (the week view moves by week instead).
import { Group, MultiSelect, SegmentedControl, Select, TextInput } from '@mantine/core';
import type { MeetingStatus } from '#domain/meetings/meeting-schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { useCurrentUser } from '#app/session/CurrentUser.tsx';
import { useTeamMembers } from '../meeting-booking/bookingQueries.ts';
import { STATUSES, type MeetingsSearch } from './pageParams.ts';

interface MeetingFiltersProps {
  search: MeetingsSearch;
  statuses: MeetingStatus[];
  onChange: (changes: MeetingsSearch) => void;
}

export function ViewSwitch({ search, onChange }: Omit<MeetingFiltersProps, 'statuses'>) {
  const t = useT();
  return (
    <SegmentedControl aria-label={t('meetings.filters.view')} value={search.view ?? 'list'}
      data={[{ value: 'list', label: t('meetings.filters.list') }, { value: 'week', label: t('meetings.filters.week') }]}
      onChange={(view) => onChange({ view: view === 'week' ? 'week' : undefined })} />
  );
}

const EVERYONE = 'all';
const ME = 'me';

/** Host: everyone, me (the default: the meetings I host), or one colleague. */
function HostFilter({ search, onChange }: Omit<MeetingFiltersProps, 'statuses'>) {
  const t = useT();
  const user = useCurrentUser();
  const members = useTeamMembers();
  const colleagues = (members.data ?? []).filter((member) => member.id !== user.id);
  const value = search.host && search.host !== user.id ? search.host : search.recruiter === 'all' && !search.host ? EVERYONE : ME;
  // A host from the URL before the colleagues have loaded (or one no longer among them) still shows as chosen.
  const unlisted = value !== EVERYONE && value !== ME && !colleagues.some((member) => member.id === value);
  return (
    <Select
      label={t('meetings.filters.host')}
      data={[
        { value: EVERYONE, label: t('meetings.filters.everyone') },
        { value: ME, label: t('meetings.filters.me') },
        ...colleagues.map((member) => ({ value: member.id, label: member.name })),
        ...(unlisted ? [{ value, label: value }] : []),
      ]}
      value={value}
      onChange={(choice) => {
        if (choice === EVERYONE) onChange({ recruiter: 'all', host: undefined });
        else if (choice === ME || choice === null) onChange({ recruiter: undefined, host: undefined });
        else onChange({ recruiter: undefined, host: choice });
      }}
      allowDeselect={false}
      searchable={colleagues.length > 8}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

export function MeetingFilters({ search, statuses, onChange }: MeetingFiltersProps) {
  const t = useT();
  const list = (search.view ?? 'list') === 'list';
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <HostFilter search={search} onChange={onChange} />
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
