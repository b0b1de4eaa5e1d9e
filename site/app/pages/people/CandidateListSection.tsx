// Filters, bulk actions, the server-paged table and its pages.
import { Alert, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText } from '#app/api/ApiError.ts';
import { useT } from '#app/i18n/useT.ts';
import { BulkActionsBar } from './BulkActionsBar.tsx';
import { CandidateFiltersBar } from './CandidateFiltersBar.tsx';
import { CandidatesTable } from './CandidatesTable.tsx';
import { filterParams, nextSort, pageCount, type CandidateFilters, type SortState } from './candidateFilters.ts';
import { ListPagination } from './ListPagination.tsx';
import { useCandidateCount, useCandidatePage } from './peopleQueries.ts';
import type { Candidate } from '#domain/candidates/schemas.ts';
import type { TalentPool } from '#domain/talent-pools/schemas.ts';
import { useResettingState } from './useResettingState.ts';

interface CandidateListSectionProps {
  filters: CandidateFilters;
  /** The filters as sent (typed text settles first). */
  queryFilters: CandidateFilters;
  onFiltersChange: (filters: CandidateFilters) => void;
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  /** 1-based, from the URL; a new filter or sort starts again at 1. */
  page: number;
  onPageChange: (page: number, options?: { replace?: boolean }) => void;
  pools: TalentPool[];
  hrefFor: (candidate: Candidate) => string;
}

export function CandidateListSection({ filters, queryFilters, onFiltersChange, sort, onSortChange, page, onPageChange, pools, hrefFor }: CandidateListSectionProps) {
  const t = useT();
  const listKey = JSON.stringify([filterParams(queryFilters), sort]);
  const [selected, setSelected] = useResettingState<ReadonlySet<number>>(listKey, new Set());
  // The cursor that fetches each page, learnt from the page before it (X-Next-Cursor).
  const [cursors, setCursors] = useState<ReadonlyMap<string, string>>(() => new Map());
  const cursorKey = (p: number) => `${listKey}|${p}`;
  const list = useCandidatePage(queryFilters, sort, page, cursors.get(cursorKey(page)) ?? null);
  const rows = list.data?.rows ?? [];
  const count = useCandidateCount(queryFilters);
  const total = count.data?.total ?? null;

  // Learnt while rendering (React's "information from previous renders"), once per new cursor.
  const nextCursor = list.isPlaceholderData ? null : list.data?.nextCursor;
  if (nextCursor && cursors.get(cursorKey(page + 1)) !== nextCursor) {
    setCursors(new Map(cursors).set(cursorKey(page + 1), nextCursor));
  }

  // After deletions the last page can disappear: step back to the new last page.
  useEffect(() => {
    if (total !== null && !count.isFetching && page > pageCount(total)) onPageChange(pageCount(total), { replace: true });
  }, [total, count.isFetching, page, onPageChange]);

  const select = (ids: number[], on: boolean) => setSelected((current) => {
    const next = new Set(current);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  });

  return (
    <Stack gap="sm">
      <CandidateFiltersBar filters={filters} pools={pools} onChange={onFiltersChange} />
      {selected.size > 0 && <BulkActionsBar selected={[...selected]} pools={pools} onDone={() => setSelected(new Set())} />}
      {list.isError && <Alert color="red" title={t('people.list.loadFailed')}>{errorText(list.error)}</Alert>}
      <CandidatesTable
        rows={rows}
        sort={sort}
        onSort={(field) => onSortChange(nextSort(sort, field))}
        selected={selected}
        onSelect={select}
        hrefFor={hrefFor}
        loading={list.isPending || list.isPlaceholderData}
      />
      <ListPagination page={page} total={total} countFailed={count.isError} shown={rows.length} onPage={onPageChange} />
    </Stack>
  );
}
