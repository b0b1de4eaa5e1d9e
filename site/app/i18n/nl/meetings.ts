// /app/meetings and the meeting parts the dashboard's Upcoming meetings list shares with it.
import type { Resources } from '../en.ts';

export const meetings: Resources['meetings'] = {
  statuses: { confirmed: 'Bevestigd', rescheduled: 'Verzet', cancelled: 'Geannuleerd', completed: 'Afgerond', no_show: 'Niet verschenen' },
  location: {
    phone: 'Telefonisch', phoneAt: 'Telefonisch: {{detail}}', onSite: 'Op locatie', onSiteAt: 'Op locatie: {{detail}}',
  },
  with: 'Met {{name}}',
  teams: {
    pending: 'Teams-link wordt aangemaakt…',
    updating: 'Teams-afspraak wordt bijgewerkt…',
    failed: 'Teams-link kon niet worden aangemaakt',
    notConfigured: 'Teams is niet ingesteld',
    join: 'Deelnemen',
    joinLabel: 'Deelnemen aan de Teams-afspraak met {{name}}',
    retry: 'Opnieuw proberen',
    retryLabel: 'Opnieuw proberen de Teams-link te maken voor de afspraak met {{name}}',
    hide: 'Verbergen',
    whatToSet: 'Wat moet je instellen',
  },
};
