// One row of GET /api/search?q= (spec §3 "Search result"): the API's own schema.
import { SEARCH_ICONS, type SearchIcon } from '#domain/search/schemas.ts';

export type { SearchResult } from '#domain/search/schemas.ts';
export type SearchIconName = SearchIcon;

/** The icon to draw: the named one when known, else Search (spec §3: Search is the fallback). */
export function resultIconName(icon: string | null | undefined): SearchIconName {
  return (SEARCH_ICONS as readonly string[]).includes(icon ?? '') ? (icon as SearchIconName) : 'Search';
}
