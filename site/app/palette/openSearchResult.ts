// Choosing a result (spec §4): go to its url if it has one, close the palette
// and clear the query.
import { assignLocation } from '../lib/browserNavigation.ts';
import { isAppPath } from '../router/Link.tsx';
import { navigate } from '../router/history.ts';
import { resetCommandPalette } from './paletteStore.ts';
import type { SearchResult } from './searchResult.ts';

export function openSearchResult(result: SearchResult): void {
  resetCommandPalette();
  const url = result.url;
  if (!url) return;
  // App pages change without a page load; anything else (another site, a
  // public page) is a normal navigation.
  if (isAppPath(url)) navigate(url);
  else assignLocation(url);
}
