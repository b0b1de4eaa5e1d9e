// A column header that sorts the list on the server (aria-sort tells which way).
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { SortField, SortState } from './candidateFilters.ts';

interface SortableHeaderProps {
  field: SortField;
  label: string;
  sort: SortState;
  onSort: (field: SortField) => void;
}

export function SortableHeader({ field, label, sort, onSort }: SortableHeaderProps) {
  const active = sort.sort === field;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton onClick={() => onSort(field)} data-testid={`sort-${field}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">{label}</Text>
          <Text size="xs" c={active ? undefined : 'dimmed'} aria-hidden="true">
            {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
          </Text>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
