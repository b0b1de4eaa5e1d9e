// The Cmd/Ctrl+K search palette.
export const palette = {
  /** The dialog's name and the search field's label. */
  search: 'Search',
  placeholder: 'Search candidates, campaigns and templates...',
  results: 'Search results',
  startHint: 'Start typing to search across the product',
  quickActionHint: 'Try "create campaign"',
  searching: 'Searching...',
  noResults: 'No results found',
  noResultsHint: 'Try a different search term',
  failed: 'Search failed',
  count_one: '{{count}} result',
  count_other: '{{count}} results',
  /** The footer: "↑ ↓ to move · Enter to open · Esc to close", around the keys. */
  toMove: ' to move · ',
  toOpen: ' to open · ',
  toClose: ' to close',
};
