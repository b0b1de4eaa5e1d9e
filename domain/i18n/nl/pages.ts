// Small shared page parts: not found, placeholders, page headers.
import type { Resources } from '../en.ts';

export const pages: Resources['pages'] = {
  notFound: {
    title: 'Pagina niet gevonden',
    text: 'De pagina die je zoekt bestaat niet of is verplaatst.',
    back: 'Terug naar het dashboard',
  },
  loadingPage: 'Pagina wordt geladen',
  pageError: 'Deze pagina kon niet worden geladen',
  reload: 'Opnieuw laden',
  loading: 'Bezig met laden',
  sessionFailed: 'Je sessie kon niet worden geladen',
  tryAgain: 'Opnieuw proberen',
};
