// GET /api/search?q= through the default reader: only with 2+ characters and
// while the palette is open (spec §5), cached 5 minutes (spec §9).
import { useQuery } from '@tanstack/react-query';
import { isSearchableQuery, normalizeQuery, SEARCH_CACHE_MS } from './paletteLogic.ts';
import type { SearchResult } from './searchResult.ts';

export function searchQueryKey(query: string) {
  return ['/api/search', { q: normalizeQuery(query) }] as const;
}

export function useSearchResults(query: string, opened: boolean) {
  return useQuery<SearchResult[]>({
    queryKey: searchQueryKey(query),
    enabled: opened && isSearchableQuery(query),
    staleTime: SEARCH_CACHE_MS,
    gcTime: SEARCH_CACHE_MS,
  });
}
