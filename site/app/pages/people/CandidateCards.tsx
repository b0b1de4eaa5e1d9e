// The People list on a phone: a card per candidate (name, role, location,
// consent, engagement, skills), and the sort as a choice since there are no headers.
import { ActionIcon, Card, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { Link } from '#app/router/Link.tsx';
import type { SortField } from './candidateFilters.ts';
import type { CandidatesTableProps } from './CandidatesTable.tsx';
import { ConsentBadges } from './ConsentBadges.tsx';
import { EngagementBar } from './EngagementBar.tsx';
import { seniorityLabel } from './peopleLabels.ts';
import { SkillTags } from './SkillTags.tsx';
import { PossibleDuplicateBadge } from './duplicates/PossibleDuplicateBadge.tsx';

/** The sort choices in this order; each is named as its column is. */
const SORT_FIELDS: SortField[] = ['createdAt', 'name', 'location', 'leadScore', 'engagementScore'];

type CandidateCardsProps = Omit<CandidatesTableProps, 'loading'> & { selectAll: ReactNode };

export function CandidateCards({ rows, sort, onSort, selected, onSelect, hrefFor, selectAll }: CandidateCardsProps) {
  const t = useT();
  const ascending = sort.dir === 'asc';
  const sortLabel = (field: SortField) => {
    if (field === 'name') return t('people.list.name');
    if (field === 'createdAt') return t('people.columns.added');
    return t(`people.columns.${field === 'engagementScore' ? 'engagement' : field}`);
  };
  return (
    <Stack gap="xs" data-testid="candidate-cards">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <SelectAllBox>{selectAll}</SelectAllBox>
        <NativeSelect label={t('people.list.sortBy')} size="xs" style={{ flex: 1 }} value={sort.sort}
          data={SORT_FIELDS.map((value) => ({ value, label: sortLabel(value) }))}
          onChange={(event) => onSort(event.currentTarget.value as SortField)} />
        <ActionIcon variant="default" size="lg" onClick={() => onSort(sort.sort)}
          aria-label={ascending ? t('people.list.ascending') : t('people.list.descending')}>
          <span aria-hidden="true">{ascending ? '▲' : '▼'}</span>
        </ActionIcon>
      </Group>
      {rows.map((c) => (
        <Card key={c.id} withBorder padding="sm" data-testid="candidate-row" data-candidate-id={c.id}
          bg={selected.has(c.id) ? 'var(--mantine-primary-color-light)' : undefined}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Checkbox aria-label={t('people.list.select', { name: c.name })} checked={selected.has(c.id)} onChange={() => onSelect([c.id], !selected.has(c.id))} mt={2} />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs" wrap="wrap">
                <Text component={Link} to={hrefFor(c)} fw={600} size="sm" c="inherit" style={{ textDecoration: 'none' }}>{c.name}</Text>
                <PossibleDuplicateBadge candidate={c} />
              </Group>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>{c.email ?? t('people.list.noEmail')}</Text>
              <Text size="sm">{[c.jobFunction, c.seniorityLevel && seniorityLabel(c.seniorityLevel), c.location].filter(Boolean).join(' · ') || '—'}</Text>
              <Group gap="xs" justify="space-between">
                <ConsentBadges allowsEmail={c.allowsEmail} allowsWhatsapp={c.allowsWhatsapp} />
                <EngagementBar score={c.engagementScore} />
              </Group>
              {(c.skillTags ?? []).length > 0 && <SkillTags tags={c.skillTags ?? []} max={4} wrap />}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Lines the select-all box up with the cards' boxes. */
function SelectAllBox({ children }: { children: ReactNode }) {
  return <div style={{ width: 28, paddingBottom: 8 }}>{children}</div>;
}
