// "1–50 of 200" and the page buttons.
import { Group, Pagination, Text } from '@mantine/core';
import { pageCount, rangeLabel } from './candidateFilters.ts';

interface ListPaginationProps {
  page: number;
  total: number;
  shown: number;
  onPage: (page: number) => void;
}

export function ListPagination({ page, total, shown, onPage }: ListPaginationProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid="candidate-range">{rangeLabel(page, total, shown)}</Text>
      {total > 0 && (
        <Pagination total={pageCount(total)} value={page} onChange={onPage} size="sm" siblings={1} boundaries={1}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })} />
      )}
    </Group>
  );
}
