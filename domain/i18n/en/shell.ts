// The words of the /app shell, every page's common ones and the sentiments: in the first chunk the /app
// page loads (decision 044); the pages' own texts come with each page (site/app/i18n/i18n.ts).

export const common = {
  dateNotAvailable: 'Date not available',
  dateAtTime: '{{day}} at {{time}}',
  /** Every dialog's, drawer's and toast's close button (site/app/theme.ts). */
  close: 'Close',
  /** A password field's show/hide button (pressed: shown; site/app/theme.ts). */
  showPassword: 'Show password',
};

export const shell = {
  mainNavigation: 'Main navigation',
  mobileNavigation: 'Mobile navigation',
  groups: { main: 'Main', scheduling: 'Scheduling', admin: 'Admin' },
  nav: {
    dashboard: 'Dashboard',
    people: 'People',
    communications: 'Communications',
    settings: 'Settings',
    meetings: 'Meetings',
    meetingBooking: 'Meeting booking',
    adminPortal: 'Admin Portal',
  },
  search: 'Search',
  openSearch: 'Open search',
  searchTooltip: 'Search candidates, campaigns and templates ({{hint}})',
  account: 'Account: {{username}}',
  signOut: 'Sign Out',
  signOutFailed: 'Sign out failed',
  /** Shown capitalised (CSS), as the role was before. */
  roles: { admin: 'admin', recruiter: 'recruiter' },
};

export const sentiment = {
  positive: 'Positive', negative: 'Negative', neutral: 'Neutral', other: 'Other', none: 'No sentiment',
};
