// The current page of candidates (the server sorts and pages; 50 rows at most
// are ever rendered, whatever the total). From sm up a table with the columns
// the recruiter chose; on a phone, cards with a sort choice instead of headers.
import { Box, Checkbox, Group, LoadingOverlay, Table, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { usePhone } from '#app/lib/usePhone.ts';
import type { SortField, SortState } from './candidateFilters.ts';
import { CandidateCards } from './CandidateCards.tsx';
import { CandidateRow } from './CandidateRow.tsx';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import type { Candidate } from '#domain/candidates/schemas.ts';
import { PEOPLE_COLUMNS, usePeopleColumns, visibleColumns } from './peopleColumns.ts';
import { SortableHeader } from './SortableHeader.tsx';

export interface CandidatesTableProps {
  rows: Candidate[];
  sort: SortState;
  onSort: (field: SortField) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  hrefFor: (candidate: Candidate) => string;
  loading: boolean;
}

export function CandidatesTable({ rows, sort, onSort, selected, onSelect, hrefFor, loading }: CandidatesTableProps) {
  const t = useT();
  const phone = usePhone();
  const { chosen, toggle } = usePeopleColumns();
  const columns = visibleColumns(chosen, sort.sort);
  const onPage = rows.filter((row) => selected.has(row.id)).length;
  const all = rows.length > 0 && onPage === rows.length;
  const selectAll = (
    <Checkbox
      aria-label={t('people.list.selectAll')}
      checked={all}
      indeterminate={onPage > 0 && !all}
      disabled={rows.length === 0}
      onChange={() => onSelect(rows.map((row) => row.id), !all)}
    />
  );
  return (
    <Box pos="relative">
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': t('people.list.loading') }} />
      {phone ? (
        <CandidateCards rows={rows} sort={sort} onSort={onSort} selected={selected} onSelect={onSelect} hrefFor={hrefFor} selectAll={selectAll} />
      ) : (
        <>
          <Group justify="flex-end" mb={4}><ColumnsMenu chosen={chosen} onToggle={toggle} /></Group>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="xs" horizontalSpacing={8} data-testid="candidates-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>{selectAll}</Table.Th>
                  <SortableHeader field="name" label={t('people.list.name')} sort={sort} onSort={onSort} />
                  {columns.map((id) => {
                    const column = PEOPLE_COLUMNS.find((c) => c.id === id)!;
                    const label = t(`people.columns.${id}`);
                    return 'sort' in column
                      ? <SortableHeader key={id} field={column.sort} label={label} sort={sort} onSort={onSort} />
                      : <Table.Th key={id}>{label}</Table.Th>;
                  })}
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
                    columns={columns}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {rows.length === 0 && !loading && (
        <Text c="dimmed" ta="center" py="xl" data-testid="no-candidates">{t('people.list.noMatch')}</Text>
      )}
    </Box>
  );
}
