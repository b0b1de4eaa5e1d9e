// "1–50 of 200" and the page buttons, under the people list and a campaign's recipients.
import { Group, Loader, Pagination, Text } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { pageCount, rangeLabel } from './candidateFilters.ts';

interface ListPaginationProps {
  page: number;
  /** null: still being counted (the rows are shown already; the buttons wait for the total). */
  total: number | null;
  /** The count failed (after its retries): said instead of the counting status. */
  countFailed?: boolean;
  shown: number;
  onPage: (page: number) => void;
  pageSize?: number;
  /** Names the range text for tests. */
  rangeTestId?: string;
}

export function ListPagination({ page, total, countFailed = false, shown, onPage, pageSize, rangeTestId = 'candidate-range' }: ListPaginationProps) {
  const t = useT();
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid={rangeTestId}>{rangeLabel(page, total, shown, pageSize)}</Text>
      {total === null && !countFailed && <Loader size="xs" type="dots" role="status" aria-label={t('people.list.counting')} />}
      {total === null && countFailed && <Text size="sm" c="red" role="alert">{t('people.list.countFailed')}</Text>}
      {total !== null && total > 0 && (
        <Pagination total={pageCount(total, pageSize)} value={page} onChange={onPage} size="sm" siblings={1} boundaries={1}
          getItemProps={(item) => ({ 'aria-label': t('people.list.page', { page: item }) })}
          getControlProps={(control) => ({ 'aria-label': t(`people.list.controls.${control}`) })} />
      )}
    </Group>
  );
}
