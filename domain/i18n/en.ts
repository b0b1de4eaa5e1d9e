// Talentloop's English texts, the one catalogue of its words (the /app interface, the public and
// booking pages; the server's answers and the candidate's emails as issue 26 moves them here): the
// source every other language must match key for key (nl.ts is typed `Resources`). The spec's
// texts are here word for word. Browser-safe: the server and the browser read the same texts.

import { meetings } from './en/meetings.ts';
import { people } from './en/people.ts';
import { palette } from './en/palette.ts';
import { communications } from './en/communications.ts';
import { panels } from './en/panels.ts';
import { meetingBooking } from './en/meetingBooking.ts';
import { admin } from './en/admin.ts';
import { dataRights } from './en/dataRights.ts';
import { settings } from './en/settings.ts';
import { themeDemo } from './en/themeDemo.ts';
import { pages } from './en/pages.ts';
import { publicPages } from './en/publicPages.ts';
import { errors } from './en/errors.ts';
import { errorTerms } from './en/errorTerms.ts';
import { states } from './en/states.ts';
import { emails } from './en/emails.ts';
import { linkPages } from './en/linkPages.ts';

export const en = {
  common: {
    dateNotAvailable: 'Date not available',
    dateAtTime: '{{day}} at {{time}}',
    /** Every dialog's, drawer's and toast's close button (site/app/theme.ts). */
    close: 'Close',
    /** A password field's show/hide button (pressed: shown; site/app/theme.ts). */
    showPassword: 'Show password',
  },
  shell: {
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
  },
  dashboard: {
    title: 'Dashboard',
    description: 'Your pipeline at a glance: talent pools, campaigns, replies and upcoming meetings.',
    welcome: 'Welcome back, {{name}}.',
    loading: 'Loading the dashboard',
    loadFailed: 'Could not load the dashboard: {{error}}',
    emptyTitle: 'Nothing sent in this period',
    emptyBody: 'Once you email candidates, their opens, clicks, replies and meetings show up here.',
    createCampaign: 'Create a campaign',
    period: 'Period',
    whoseActivity: 'Whose activity',
    periods: { '7d': '7 days', '30d': '30 days', '90d': '90 days' },
    scopes: { me: 'Me', team: 'Team' },
    keyFigures: 'Key figures',
    kpi: {
      sent: 'Emails sent',
      humanOpenRate: 'Human open rate',
      inclMachineOpens: 'incl. machine opens',
      clickRate: 'Click rate',
      replyRate: 'Reply rate',
      positiveReplies: 'Positive replies',
      ofAllReplies: 'of all replies',
      meetingsBooked: 'Meetings booked',
      unsubscribes: 'Unsubscribes',
    },
    funnel: 'Funnel',
    steps: { sent: 'Sent', opened: 'Opened', clicked: 'Clicked', replied: 'Replied', booked: 'Booked' },
    loadingCharts: 'Loading charts',
    activity: 'Activity over time',
    day: 'Day',
    sentiment: 'Reply sentiment',
    sentimentColumn: 'Sentiment',
    replies: 'Replies',
    repliesCount: '{{count}} replies',
    noReplies: 'No replies in this period.',
    sentiments: { positive: 'Positive', neutral: 'Neutral', negative: 'Negative', other: 'Other' },
    bandsByPool: 'Engagement by talent pool',
    talentPool: 'Talent pool',
    noPools: 'No talent pools yet.',
    bands: { cold: 'Cold', warm: 'Warm', hot: 'Hot' },
    needsReply: 'Needs reply',
    openInbox: 'Open inbox',
    noNeedsReply: 'No replies waiting for an answer.',
    received: 'Received {{date}}',
    hottest: 'Hottest candidates this week',
    allByEngagement: 'All by engagement',
    noHottest: 'No candidate activity in the last 7 days.',
    scoreLabel: 'Score {{score}}%, {{band}}',
    campaignsInProgress: 'Campaigns in progress',
    allCampaigns: 'All campaigns',
    noCampaignsInProgress: 'No campaign is scheduled or sending.',
    /** Shown capitalised (CSS); another status shows as the API names it. */
    campaignStatuses: { scheduled: 'scheduled', sending: 'sending' },
    percentSent: '{{name}}: {{percent}} sent',
    sentOf: '{{sent}} of {{recipients}} sent',
    upcomingMeetings: 'Upcoming meetings',
    allMeetings: 'All meetings',
    loadingMeetings: 'Loading meetings',
    meetingsLoadFailed: 'Could not load meetings: {{error}}',
    noMeetingsBefore: 'No meetings booked yet. ',
    setAvailability: 'Set your availability',
    noMeetingsAfter: ' and send candidates a booking link.',
    timesIn: 'Times in {{zone}}',
  },
  sentiment: {
    positive: 'Positive', negative: 'Negative', neutral: 'Neutral', other: 'Other', none: 'No sentiment',
  },
  meetings,
  people,
  palette,
  communications,
  panels,
  meetingBooking,
  admin,
  dataRights,
  settings,
  themeDemo,
  pages,
  publicPages,
  errors,
  errorTerms,
  states,
  emails,
  linkPages,
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** The shape every language's texts must have: English's keys, any wording. */
export type Resources = Strings<typeof en>;
