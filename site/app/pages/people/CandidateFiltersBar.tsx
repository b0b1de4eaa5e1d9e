// Free text plus the column filters of the candidate list.
import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { SearchIcon } from '#app/shell/icons.tsx';
import { EMPTY_FILTERS, hasActiveFilters, type CandidateFilters, type ConsentFilter } from './candidateFilters.ts';
import { SENIORITY_LEVELS } from '#domain/candidates/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { seniorityLabel } from './peopleLabels.ts';

const CONSENT_FILTERS: ConsentFilter[] = ['email', 'whatsapp', 'none'];

interface CandidateFiltersBarProps {
  filters: CandidateFilters;
  pools: TalentPool[];
  onChange: (filters: CandidateFilters) => void;
}

export function CandidateFiltersBar({ filters, pools, onChange }: CandidateFiltersBarProps) {
  const t = useT();
  const consentOptions = CONSENT_FILTERS.map((value) => ({ value, label: t(`people.filters.consentOptions.${value}`) }));
  const seniorityOptions = SENIORITY_LEVELS.map((level) => ({ value: level, label: seniorityLabel(level) }));
  const set = <K extends keyof CandidateFilters>(key: K, value: CandidateFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="candidate-filters">
      <TextInput
        label={t('people.filters.search')}
        placeholder={t('people.filters.searchPlaceholder')}
        leftSection={<SearchIcon size={16} />}
        maxLength={200}
        value={filters.q}
        onChange={(event) => set('q', event.currentTarget.value)}
        w={240}
      />
      <Select
        label={t('people.filters.talentPool')}
        placeholder={t('people.filters.allPools')}
        data={pools.map((pool) => ({ value: String(pool.id), label: pool.name }))}
        value={filters.talentPoolId === null ? null : String(filters.talentPoolId)}
        onChange={(value) => set('talentPoolId', value ? Number(value) : null)}
        clearable
        searchable
        w={180}
      />
      <TextInput label={t('people.filters.skillTag')} placeholder={t('people.filters.skillPlaceholder')} maxLength={50} value={filters.skill}
        onChange={(event) => set('skill', event.currentTarget.value)} w={140} />
      <Select label={t('people.filters.seniority')} placeholder={t('people.filters.any')} data={seniorityOptions} value={filters.seniority}
        onChange={(value) => set('seniority', value)} clearable w={130} />
      <TextInput label={t('people.filters.location')} placeholder={t('people.filters.locationPlaceholder')} maxLength={120} value={filters.location}
        onChange={(event) => set('location', event.currentTarget.value)} w={140} />
      <Select label={t('people.filters.consent')} placeholder={t('people.filters.any')} data={consentOptions} value={filters.consent}
        onChange={(value) => set('consent', value)} clearable w={160} />
      <NumberInput
        label={t('people.filters.minEngagement')}
        placeholder="0"
        suffix="%"
        min={0}
        max={100}
        clampBehavior="strict"
        allowDecimal={false}
        value={filters.minEngagement ?? ''}
        onChange={(value) => set('minEngagement', value === '' ? null : Number(value))}
        w={150}
      />
      {hasActiveFilters(filters) && (
        <Button variant="subtle" onClick={() => onChange(EMPTY_FILTERS)}>{t('people.filters.clear')}</Button>
      )}
    </Group>
  );
}
