// One row of the candidate table.
import { Checkbox, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from '#app/router/Link.tsx';
import { ConsentBadges } from './ConsentBadges.tsx';
import { EngagementBar } from './EngagementBar.tsx';
import type { Candidate } from '#domain/candidates/schemas.ts';
import { capitalize } from './capitalize.ts';
import { SkillTags } from './SkillTags.tsx';

interface CandidateRowProps {
  candidate: Candidate;
  href: string;
  selected: boolean;
  onToggle: () => void;
}

export function CandidateRow({ candidate: c, href, selected, onToggle }: CandidateRowProps) {
  return (
    <Table.Tr data-testid="candidate-row" data-candidate-id={c.id} bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>
        <Checkbox aria-label={`Select ${c.name}`} checked={selected} onChange={onToggle} />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text component={Link} to={href} size="sm" fw={600} c="inherit" style={{ textDecoration: 'none' }}>{c.name}</Text>
          <Text size="xs" c="dimmed">{c.email ?? 'No email'}</Text>
        </Stack>
      </Table.Td>
      <Table.Td><Text size="sm">{c.jobFunction ?? '—'}</Text></Table.Td>
      <Table.Td><Text size="sm">{c.location ?? '—'}</Text></Table.Td>
      <Table.Td><Text size="sm">{c.seniorityLevel ? capitalize(c.seniorityLevel) : '—'}</Text></Table.Td>
      <Table.Td><SkillTags tags={c.skillTags ?? []} /></Table.Td>
      <Table.Td><ConsentBadges allowsEmail={c.allowsEmail} allowsWhatsapp={c.allowsWhatsapp} /></Table.Td>
      <Table.Td><Text size="sm">{c.leadScore}</Text></Table.Td>
      <Table.Td><EngagementBar score={c.engagementScore} /></Table.Td>
      <Table.Td><Text size="xs" c="dimmed">{dayjs(c.createdAt).isValid() ? dayjs(c.createdAt).format('MMM D, YYYY') : '—'}</Text></Table.Td>
    </Table.Tr>
  );
}
