// The candidate list's filters, sort and page as API query parameters
// (GET /api/candidates and GET /api/candidates/export.csv). Pure functions.
import { withParams, type QueryParams } from '#app/api/apiClient.ts';
import { formatNumber } from '#app/i18n/format.ts';
import { i18n } from '#app/i18n/i18n.ts';

export const PAGE_SIZE = 50;

export type ConsentFilter = 'email' | 'whatsapp' | 'none';
export type SortField = 'name' | 'createdAt' | 'leadScore' | 'engagementScore' | 'location';
export type SortDir = 'asc' | 'desc';

export interface CandidateFilters {
  /** Free text (name, email, skills, ...), sent as `q`. */
  q: string;
  talentPoolId: number | null;
  skill: string;
  seniority: string | null;
  location: string;
  consent: ConsentFilter | null;
  minEngagement: number | null;
}

export interface SortState {
  sort: SortField;
  dir: SortDir;
}

export const EMPTY_FILTERS: CandidateFilters = {
  q: '', talentPoolId: null, skill: '', seniority: null, location: '', consent: null, minEngagement: null,
};

export const DEFAULT_SORT: SortState = { sort: 'createdAt', dir: 'desc' };

/** Only the filters that are set, trimmed. */
export function filterParams(filters: CandidateFilters): QueryParams {
  const params: QueryParams = {};
  const text = (key: string, value: string) => { if (value.trim()) params[key] = value.trim(); };
  text('q', filters.q);
  if (filters.talentPoolId !== null) params.talentPoolId = filters.talentPoolId;
  text('skill', filters.skill);
  if (filters.seniority) params.seniority = filters.seniority;
  text('location', filters.location);
  if (filters.consent) params.consent = filters.consent;
  if (filters.minEngagement !== null && filters.minEngagement > 0) params.minEngagement = filters.minEngagement;
  return params;
}

/**
 * One page of the list: filters, sort, `limit`, and `offset` (page is 1-based) —
 * or, when the previous page told us, its `cursor`: keyset paging stays fast at
 * any depth, where a large offset makes the database skip that many rows.
 */
export function listParams(filters: CandidateFilters, sort: SortState, page: number, cursor?: string | null): QueryParams {
  const position = cursor ? { cursor } : { offset: (page - 1) * PAGE_SIZE };
  return { ...filterParams(filters), sort: sort.sort, dir: sort.dir, limit: PAGE_SIZE, ...position };
}

/** The CSV of everything the current filters match, in the current order. */
export function exportUrl(filters: CandidateFilters, sort: SortState): string {
  return withParams('/api/candidates/export.csv', { ...filterParams(filters), sort: sort.sort, dir: sort.dir });
}

/** A column's first direction: A→Z for text, highest first for numbers and dates. */
export function defaultDirection(field: SortField): SortDir {
  return field === 'name' || field === 'location' ? 'asc' : 'desc';
}

/** Clicking a column: the same column flips direction; a new one starts in its default direction. */
export function nextSort(current: SortState, field: SortField): SortState {
  if (current.sort === field) return { sort: field, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: field, dir: defaultDirection(field) };
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * "1–50 of 200" for page 1 of 200; "0 of 0" for nothing; "1–50 of …" while the total is still being counted (null)
 * (in the interface's language, read while rendering).
 */
export function rangeLabel(page: number, total: number | null, shown: number, pageSize = PAGE_SIZE): string {
  if (total === 0 || shown === 0) return i18n.t('people.list.rangeEmpty', { total: total === null ? '…' : formatNumber(total) });
  const first = (page - 1) * pageSize + 1;
  if (total === null) return i18n.t('people.list.rangeCounting', { first: formatNumber(first), last: formatNumber(first + shown - 1) });
  return i18n.t('people.list.range', { first: formatNumber(first), last: formatNumber(first + shown - 1), total: formatNumber(total) });
}

export function hasActiveFilters(filters: CandidateFilters): boolean {
  return Object.keys(filterParams(filters)).length > 0;
}
