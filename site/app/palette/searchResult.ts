// One row of GET /api/search?q= (spec §3 "Search result").

export type SearchResultType = 'candidate' | 'campaign' | 'template' | 'action' | (string & {});

export const SEARCH_ICON_NAMES = ['User', 'Mail', 'FileText', 'Plus', 'UserPlus', 'Calendar', 'Search', 'Command'] as const;
export type SearchIconName = (typeof SEARCH_ICON_NAMES)[number];

export interface SearchResult {
  id: string | number;
  type: SearchResultType;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  url?: string | null;
  /** "navigate" is the one action the spec recognises. */
  action?: string | null;
  icon?: string | null;
}

/** The icon to draw: the named one when known, else Search (spec §3: Search is the fallback). */
export function resultIconName(icon: string | null | undefined): SearchIconName {
  return (SEARCH_ICON_NAMES as readonly string[]).includes(icon ?? '') ? (icon as SearchIconName) : 'Search';
}
