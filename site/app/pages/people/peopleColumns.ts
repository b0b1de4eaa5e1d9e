// The People table's optional columns: which the recruiter chose (kept in this
// browser), and the one the list is sorted by, which always shows so the sort
// stays visible. Name and the selection box are always there.
import { useCallback, useState } from 'react';
import type { SortField } from './candidateFilters.ts';

/** Each column's header is `people.columns.<id>` (i18n/en/people.ts). */
export const PEOPLE_COLUMNS = [
  { id: 'role' },
  { id: 'location', sort: 'location' },
  { id: 'skills' },
  { id: 'consent' },
  { id: 'leadScore', sort: 'leadScore' },
  { id: 'engagement', sort: 'engagementScore' },
  { id: 'added', sort: 'createdAt' },
] as const satisfies ReadonlyArray<{ id: string; sort?: SortField }>;

export type PeopleColumn = typeof PEOPLE_COLUMNS[number]['id'];

/**
 * What fits at 1280 px next to the sidebar (and at 1440 beside the pools) without sideways scrolling.
 * Without its own column, the location is the Role column's second line.
 */
export const DEFAULT_COLUMNS: PeopleColumn[] = ['role', 'skills', 'consent', 'leadScore', 'engagement'];

const STORAGE_KEY = 'talentloop-people-columns';

function stored(): PeopleColumn[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (!Array.isArray(value)) return DEFAULT_COLUMNS;
    return PEOPLE_COLUMNS.map((column) => column.id).filter((id) => value.includes(id));
  } catch {
    return DEFAULT_COLUMNS;
  }
}

/** The columns to draw, in table order: the chosen ones and the sorted one. */
export function visibleColumns(chosen: readonly PeopleColumn[], sortedBy: SortField): PeopleColumn[] {
  return PEOPLE_COLUMNS.filter((column) => chosen.includes(column.id) || ('sort' in column && column.sort === sortedBy)).map((column) => column.id);
}

export function usePeopleColumns() {
  const [chosen, setChosen] = useState<PeopleColumn[]>(stored);
  const toggle = useCallback((id: PeopleColumn) => {
    setChosen((current) => {
      const next = current.includes(id) ? current.filter((c) => c !== id) : PEOPLE_COLUMNS.map((c) => c.id).filter((c) => c === id || current.includes(c));
      try { localStorage.setItem(STORAGE_KEY, JSON.stringify(next)); } catch { /* private mode: this visit only */ }
      return next;
    });
  }, []);
  return { chosen, toggle };
}
