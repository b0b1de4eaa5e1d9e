// /app/meetings and the meeting parts the dashboard's Upcoming meetings list shares with it.
export const meetings = {
  statuses: { confirmed: 'Confirmed', rescheduled: 'Rescheduled', cancelled: 'Cancelled', completed: 'Completed', no_show: 'No-show' },
  location: {
    phone: 'Phone', phoneAt: 'Phone: {{detail}}', onSite: 'On-site', onSiteAt: 'On-site: {{detail}}',
  },
  with: 'With {{name}}',
  teams: {
    pending: 'Creating Teams link…',
    updating: 'Updating the Teams meeting…',
    failed: 'Teams link could not be created',
    notConfigured: 'Teams not configured',
    join: 'Join',
    joinLabel: 'Join the Teams meeting with {{name}}',
    retry: 'Retry',
    retryLabel: 'Retry creating the Teams link for the meeting with {{name}}',
    hide: 'Hide',
    whatToSet: 'What to set',
  },
};
