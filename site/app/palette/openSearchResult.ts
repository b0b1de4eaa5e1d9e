// Choosing a result (spec §4): go to its url if it has one, close the palette
// and clear the query. App pages change without a page load; anything else (a
// public page, another site) is a normal navigation. A result that opens a dialog
// (compose, the campaign wizard, a template) opens it over the page the recruiter
// is on: the open candidate, thread or list stays where it was behind it.
import { pageAction, readCommunicationsSearch } from '../pages/communications/pageParams.ts';
import { openPageDialog } from '../pages/communications/usePageActions.ts';
import { navigate } from '../router/navigate.ts';
import { resetCommandPalette } from './paletteStore.ts';
import type { SearchResult } from './searchResult.ts';

/** The dialog a communications url asks for (?action=…, ?template=…), if that is all it asks. */
function dialogOf(url: string) {
  const target = new URL(url, 'http://app.invalid');
  return target.pathname === '/app/communications' ? pageAction(readCommunicationsSearch(target.search)) : null;
}

export function openSearchResult(result: SearchResult): void {
  resetCommandPalette();
  if (!result.url) return;
  const dialog = dialogOf(result.url);
  if (dialog) openPageDialog(dialog);
  else navigate(result.url);
}
