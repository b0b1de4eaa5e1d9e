// The Cmd/Ctrl+K search palette.
import type { Resources } from '../en.ts';

export const palette: Resources['palette'] = {
  search: 'Zoeken',
  placeholder: 'Zoek kandidaten, campagnes en sjablonen...',
  results: 'Zoekresultaten',
  startHint: 'Begin te typen om in het hele product te zoeken',
  quickActionHint: 'Probeer "campagne maken"',
  searching: 'Zoeken...',
  noResults: 'Geen resultaten gevonden',
  noResultsHint: 'Probeer een andere zoekterm',
  failed: 'Zoeken is mislukt',
  count_one: '{{count}} resultaat',
  count_other: '{{count}} resultaten',
  toMove: ' om te bewegen · ',
  toOpen: ' om te openen · ',
  toClose: ' om te sluiten',
};
