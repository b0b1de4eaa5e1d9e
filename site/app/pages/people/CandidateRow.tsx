// One row of the candidate table: the selection box, the name, and the chosen columns.
import { Box, Checkbox, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '#app/i18n/format.ts';
import { useT } from '#app/i18n/useT.ts';
import { Link } from '#app/router/Link.tsx';
import { ConsentBadges } from './ConsentBadges.tsx';
import { EngagementBar } from './EngagementBar.tsx';
import type { Candidate } from '#domain/candidates/schemas.ts';
import type { PeopleColumn } from './peopleColumns.ts';
import { seniorityLabel } from './peopleLabels.ts';
import { SkillTags } from './SkillTags.tsx';
import { PossibleDuplicateBadge } from './duplicates/PossibleDuplicateBadge.tsx';

interface CandidateRowProps {
  candidate: Candidate;
  href: string;
  selected: boolean;
  onToggle: () => void;
  columns: readonly PeopleColumn[];
}

/** "Mar 5, 2026" in English (as before), "5 mrt 2026" in Dutch. */
export function addedDate(c: Pick<Candidate, 'createdAt'>): string {
  return formatDate(c.createdAt) ?? '—';
}

/** Job function over the seniority, and the location when it has no column ("Backend Engineer" / "Senior · Utrecht"). */
export function RoleCell({ candidate: c, withLocation }: { candidate: Candidate; withLocation: boolean }) {
  const second = [c.seniorityLevel && seniorityLabel(c.seniorityLevel), withLocation && c.location].filter(Boolean).join(' · ');
  return (
    <Stack gap={0} maw={130}>
      <Text size="sm" truncate title={c.jobFunction ?? undefined}>{c.jobFunction ?? '—'}</Text>
      {second && <Text size="xs" c="dimmed" truncate title={second}>{second}</Text>}
    </Stack>
  );
}

const CELLS: Record<PeopleColumn, (c: Candidate, columns: readonly PeopleColumn[]) => ReactNode> = {
  role: (c, columns) => <RoleCell candidate={c} withLocation={!columns.includes('location')} />,
  location: (c) => <Text size="sm">{c.location ?? '—'}</Text>,
  // At most two lines a cell (the rest of the skills as "+n"), so that a row stays low.
  skills: (c) => <Box miw={150} maw={170}><SkillTags tags={c.skillTags ?? []} max={2} wrap /></Box>,
  consent: (c) => <ConsentBadges allowsEmail={c.allowsEmail} allowsWhatsapp={c.allowsWhatsapp} wrap />,
  leadScore: (c) => <Text size="sm">{c.leadScore}</Text>,
  engagement: (c) => <EngagementBar score={c.engagementScore} stacked />,
  added: (c) => <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{addedDate(c)}</Text>,
};

export function CandidateRow({ candidate: c, href, selected, onToggle, columns }: CandidateRowProps) {
  const t = useT();
  return (
    <Table.Tr data-testid="candidate-row" data-candidate-id={c.id} bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>
        <Checkbox aria-label={t('people.list.select', { name: c.name })} checked={selected} onChange={onToggle} />
      </Table.Td>
      <Table.Td>
        <Stack gap={0} maw={150}>
          <Text component={Link} to={href} size="sm" fw={600} c="inherit" truncate title={c.name} style={{ textDecoration: 'none' }}>{c.name}</Text>
          <PossibleDuplicateBadge candidate={c} />
          {/* An address is read whole or cut at its end, never broken in the middle. */}
          <Text size="xs" c="dimmed" truncate title={c.email ?? undefined}>{c.email ?? t('people.list.noEmail')}</Text>
        </Stack>
      </Table.Td>
      {columns.map((column) => <Table.Td key={column}>{CELLS[column](c, columns)}</Table.Td>)}
    </Table.Tr>
  );
}
