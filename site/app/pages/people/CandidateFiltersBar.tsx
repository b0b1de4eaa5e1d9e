// Free text plus the column filters of the candidate list.
import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { SearchIcon } from '#app/shell/icons.tsx';
import { EMPTY_FILTERS, hasActiveFilters, type CandidateFilters, type ConsentFilter } from './candidateFilters.ts';
import { SENIORITY_LEVELS } from '#domain/candidates/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { capitalize } from './capitalize.ts';

const CONSENT_OPTIONS = [
  { value: 'email', label: 'Allows email' },
  { value: 'whatsapp', label: 'Allows WhatsApp' },
  { value: 'none', label: 'No consent' },
];
const SENIORITY_OPTIONS = SENIORITY_LEVELS.map((level) => ({ value: level, label: capitalize(level) }));

interface CandidateFiltersBarProps {
  filters: CandidateFilters;
  pools: TalentPool[];
  onChange: (filters: CandidateFilters) => void;
}

export function CandidateFiltersBar({ filters, pools, onChange }: CandidateFiltersBarProps) {
  const set = <K extends keyof CandidateFilters>(key: K, value: CandidateFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="candidate-filters">
      <TextInput
        label="Search"
        placeholder="Name, email, skill..."
        leftSection={<SearchIcon size={16} />}
        maxLength={200}
        value={filters.q}
        onChange={(event) => set('q', event.currentTarget.value)}
        w={240}
      />
      <Select
        label="Talent pool"
        placeholder="All pools"
        data={pools.map((pool) => ({ value: String(pool.id), label: pool.name }))}
        value={filters.talentPoolId === null ? null : String(filters.talentPoolId)}
        onChange={(value) => set('talentPoolId', value ? Number(value) : null)}
        clearable
        searchable
        w={180}
      />
      <TextInput label="Skill tag" placeholder="e.g. react" maxLength={50} value={filters.skill}
        onChange={(event) => set('skill', event.currentTarget.value)} w={140} />
      <Select label="Seniority" placeholder="Any" data={SENIORITY_OPTIONS} value={filters.seniority}
        onChange={(value) => set('seniority', value)} clearable w={130} />
      <TextInput label="Location" placeholder="e.g. Utrecht" maxLength={120} value={filters.location}
        onChange={(event) => set('location', event.currentTarget.value)} w={140} />
      <Select label="Consent" placeholder="Any" data={CONSENT_OPTIONS} value={filters.consent}
        onChange={(value) => set('consent', value as ConsentFilter | null)} clearable w={160} />
      <NumberInput
        label="Min. engagement"
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
        <Button variant="subtle" onClick={() => onChange(EMPTY_FILTERS)}>Clear filters</Button>
      )}
    </Group>
  );
}
