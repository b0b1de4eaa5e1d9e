// The people page's state in the URL: the list's filters, sort and page,
// ?candidate={id} (the open candidate), ?action=add-candidate (the create
// form), ?action=import-csv (the import dialog) and ?action=duplicates (the likely duplicates); the command palette links to them. Back and Forward walk through it,
// and a copied link opens the same view.
import type { CandidateFilter, CandidateListQuery } from '#domain/candidates/schemas.ts';
import { everyValue, optionalEnum, optionalInt, optionalText, parseSearch, searchSchema, stringifySearch, type SearchOf } from '#app/router/searchParams.ts';
import { DEFAULT_SORT, defaultDirection, type CandidateFilters, type SortState } from './candidateFilters.ts';

export const ADD_CANDIDATE_ACTION = 'add-candidate';
export const IMPORT_CSV_ACTION = 'import-csv';
/** The likely duplicates (decision 042), all or one candidate's (duplicatesOf). */
export const DUPLICATES_ACTION = 'duplicates';

// The values the API's list filter accepts (GET /api/candidates).
const SENIORITY_LEVELS = everyValue<NonNullable<CandidateFilter['seniority']>>()(
  ['intern', 'junior', 'medior', 'senior', 'lead', 'principal', 'executive']);
const CONSENT_FILTERS = everyValue<NonNullable<CandidateFilter['consent']>>()(['email', 'whatsapp', 'none']);
const CANDIDATE_SORTS = everyValue<CandidateListQuery['sort']>()(['name', 'createdAt', 'leadScore', 'engagementScore', 'location']);

/** The route's validateSearch: a value that is not valid is dropped (its default applies). */
export const peopleSearchSchema = searchSchema({
  q: optionalText(200),
  talentPoolId: optionalInt(),
  skill: optionalText(50),
  seniority: optionalEnum(SENIORITY_LEVELS),
  location: optionalText(120),
  consent: optionalEnum(CONSENT_FILTERS),
  minEngagement: optionalInt(0, 100),
  sort: optionalEnum(CANDIDATE_SORTS),
  dir: optionalEnum(['asc', 'desc']),
  /** 1-based; page 1 is left out of the URL. */
  page: optionalInt(),
  candidate: optionalInt(),
  action: optionalEnum([ADD_CANDIDATE_ACTION, IMPORT_CSV_ACTION, DUPLICATES_ACTION]),
  /** With action=duplicates: only this candidate's pairs. */
  duplicatesOf: optionalInt(),
});
export type PeopleSearch = SearchOf<typeof peopleSearchSchema.fields>;

/** A query string ('?candidate=12&page=2') as the people page reads it. */
export function readPeopleSearch(searchStr: string): PeopleSearch {
  return peopleSearchSchema(parseSearch(searchStr));
}

export function filtersFromSearch(search: PeopleSearch): CandidateFilters {
  return {
    q: search.q ?? '',
    talentPoolId: search.talentPoolId ?? null,
    skill: search.skill ?? '',
    seniority: search.seniority ?? null,
    location: search.location ?? '',
    consent: search.consent ?? null,
    minEngagement: search.minEngagement ?? null,
  };
}

/** The filters as URL values; the ones not set are left out. */
export function searchFromFilters(filters: CandidateFilters): PeopleSearch {
  return {
    q: filters.q || undefined,
    talentPoolId: filters.talentPoolId ?? undefined,
    skill: filters.skill || undefined,
    seniority: peopleSearchSchema.fields.seniority(filters.seniority ?? undefined),
    location: filters.location || undefined,
    consent: filters.consent ?? undefined,
    minEngagement: filters.minEngagement || undefined,
  };
}

export function sortFromSearch(search: PeopleSearch): SortState {
  if (!search.sort) return search.dir ? { ...DEFAULT_SORT, dir: search.dir } : DEFAULT_SORT;
  return { sort: search.sort, dir: search.dir ?? defaultDirection(search.sort) };
}

/** The sort as URL values; the default order is left out. */
export function searchFromSort(sort: SortState): Pick<PeopleSearch, 'sort' | 'dir'> {
  if (sort.sort === DEFAULT_SORT.sort && sort.dir === DEFAULT_SORT.dir) return { sort: undefined, dir: undefined };
  return { sort: sort.sort, dir: sort.dir };
}

/** `pathname?…` with some parameters set (or removed with null), the others kept. */
export function urlWithParams(pathname: string, search: string, changes: Record<string, string | null>): string {
  return pathname + stringifySearch({ ...parseSearch(search), ...changes });
}
