// Choosing a result (spec §4): go to its url if it has one, close the palette
// and clear the query. App pages change without a page load; anything else (a
// public page, another site) is a normal navigation.
import { navigate } from '../router/navigate.ts';
import { resetCommandPalette } from './paletteStore.ts';
import type { SearchResult } from './searchResult.ts';

export function openSearchResult(result: SearchResult): void {
  resetCommandPalette();
  if (result.url) navigate(result.url);
}
