// GET /api/search?q= through the typed client: only with 2+ characters and
// while the palette is open (spec §5), cached 5 minutes (spec §9).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '#app/api/client.ts';
import { isSearchableQuery, normalizeQuery, SEARCH_CACHE_MS } from './paletteLogic.ts';

export function searchQueryKey(query: string) {
  return ['/api/search', { q: normalizeQuery(query) }] as const;
}

export function useSearchResults(query: string, opened: boolean) {
  return useQuery({
    queryKey: searchQueryKey(query),
    queryFn: ({ signal }) => call((o) => api.search.$get({ query: { q: normalizeQuery(query) } }, o), { signal }),
    enabled: opened && isSearchableQuery(query),
    staleTime: SEARCH_CACHE_MS,
    gcTime: SEARCH_CACHE_MS,
  });
}
