// The current page of candidates (the server sorts and pages; 50 rows at most
// are ever rendered, whatever the total).
import { Box, Checkbox, LoadingOverlay, Table, Text } from '@mantine/core';
import type { SortField, SortState } from './candidateFilters.ts';
import { CandidateRow } from './CandidateRow.tsx';
import type { Candidate } from '#domain/candidates/schemas.ts';
import { SortableHeader } from './SortableHeader.tsx';

interface CandidatesTableProps {
  rows: Candidate[];
  sort: SortState;
  onSort: (field: SortField) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  hrefFor: (candidate: Candidate) => string;
  loading: boolean;
}

export function CandidatesTable({ rows, sort, onSort, selected, onSelect, hrefFor, loading }: CandidatesTableProps) {
  const onPage = rows.filter((row) => selected.has(row.id)).length;
  const all = rows.length > 0 && onPage === rows.length;
  const header = (field: SortField, label: string) => <SortableHeader field={field} label={label} sort={sort} onSort={onSort} />;
  return (
    <Box pos="relative">
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Loading candidates' }} />
      <Table.ScrollContainer minWidth={1100}>
        <Table highlightOnHover verticalSpacing="xs" data-testid="candidates-table" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all on this page"
                  checked={all}
                  indeterminate={onPage > 0 && !all}
                  disabled={rows.length === 0}
                  onChange={() => onSelect(rows.map((row) => row.id), !all)}
                />
              </Table.Th>
              {header('name', 'Name')}
              <Table.Th>Job function</Table.Th>
              {header('location', 'Location')}
              <Table.Th>Seniority</Table.Th>
              <Table.Th>Skills</Table.Th>
              <Table.Th>Consent</Table.Th>
              {header('leadScore', 'Lead score')}
              {header('engagementScore', 'Engagement')}
              {header('createdAt', 'Added')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((candidate) => (
              <CandidateRow
                key={candidate.id}
                candidate={candidate}
                href={hrefFor(candidate)}
                selected={selected.has(candidate.id)}
                onToggle={() => onSelect([candidate.id], !selected.has(candidate.id))}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && !loading && (
        <Text c="dimmed" ta="center" py="xl" data-testid="no-candidates">No candidates match these filters.</Text>
      )}
    </Box>
  );
}
