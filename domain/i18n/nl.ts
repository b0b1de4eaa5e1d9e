// De Nederlandse teksten van de interface (je-vorm). Typed `Resources`: a key missing
// here, or one English does not have, fails the type check. Loaded lazily (i18n.ts).
import type { Resources } from './en.ts';
import { meetings } from './nl/meetings.ts';
import { people } from './nl/people.ts';
import { palette } from './nl/palette.ts';
import { communications } from './nl/communications.ts';
import { panels } from './nl/panels.ts';
import { meetingBooking } from './nl/meetingBooking.ts';
import { admin } from './nl/admin.ts';
import { dataRights } from './nl/dataRights.ts';
import { settings } from './nl/settings.ts';
import { themeDemo } from './nl/themeDemo.ts';
import { pages } from './nl/pages.ts';
import { publicPages } from './nl/publicPages.ts';
import { errors } from './nl/errors.ts';
import { errorTerms } from './nl/errorTerms.ts';
import { states } from './nl/states.ts';
import { emails } from './nl/emails.ts';
import { linkPages } from './nl/linkPages.ts';

export const nl: Resources = {
  common: {
    dateNotAvailable: 'Datum niet beschikbaar',
    dateAtTime: '{{day}} om {{time}}',
    close: 'Sluiten',
    showPassword: 'Wachtwoord tonen',
  },
  shell: {
    mainNavigation: 'Hoofdnavigatie',
    mobileNavigation: 'Mobiele navigatie',
    groups: { main: 'Algemeen', scheduling: 'Planning', admin: 'Beheer' },
    nav: {
      dashboard: 'Dashboard',
      people: 'Kandidaten',
      communications: 'Communicatie',
      settings: 'Instellingen',
      meetings: 'Afspraken',
      meetingBooking: 'Afspraken plannen',
      adminPortal: 'Beheerportaal',
    },
    search: 'Zoeken',
    openSearch: 'Zoeken openen',
    searchTooltip: 'Zoek kandidaten, campagnes en sjablonen ({{hint}})',
    account: 'Account: {{username}}',
    signOut: 'Uitloggen',
    signOutFailed: 'Uitloggen is mislukt',
    roles: { admin: 'beheerder', recruiter: 'recruiter' },
  },
  dashboard: {
    title: 'Dashboard',
    description: 'Je pipeline in één oogopslag: talentpools, campagnes, reacties en komende afspraken.',
    welcome: 'Welkom terug, {{name}}.',
    loading: 'Dashboard laden',
    loadFailed: 'Het dashboard kon niet worden geladen: {{error}}',
    emptyTitle: 'Niets verstuurd in deze periode',
    emptyBody: 'Zodra je kandidaten mailt, zie je hier hoe vaak ze openen, klikken, reageren en afspraken maken.',
    createCampaign: 'Maak een campagne',
    period: 'Periode',
    whoseActivity: 'Wiens activiteit',
    periods: { '7d': '7 dagen', '30d': '30 dagen', '90d': '90 dagen' },
    scopes: { me: 'Ik', team: 'Team' },
    keyFigures: 'Kerncijfers',
    kpi: {
      sent: 'E-mails verstuurd',
      humanOpenRate: 'Openratio (mensen)',
      inclMachineOpens: 'incl. automatische opens',
      clickRate: 'Klikratio',
      replyRate: 'Reactieratio',
      positiveReplies: 'Positieve reacties',
      ofAllReplies: 'van alle reacties',
      meetingsBooked: 'Afspraken geboekt',
      unsubscribes: 'Afmeldingen',
    },
    funnel: 'Funnel',
    steps: { sent: 'Verstuurd', opened: 'Geopend', clicked: 'Geklikt', replied: 'Gereageerd', booked: 'Geboekt' },
    loadingCharts: 'Grafieken laden',
    activity: 'Activiteit door de tijd',
    day: 'Dag',
    sentiment: 'Sentiment van reacties',
    sentimentColumn: 'Sentiment',
    replies: 'Reacties',
    repliesCount_one: '{{total}} reactie',
    repliesCount_other: '{{total}} reacties',
    noReplies: 'Geen reacties in deze periode.',
    sentiments: { positive: 'Positief', neutral: 'Neutraal', negative: 'Negatief', other: 'Overig' },
    bandsByPool: 'Betrokkenheid per talentpool',
    talentPool: 'Talentpool',
    noPools: 'Nog geen talentpools.',
    bands: { cold: 'Koud', warm: 'Warm', hot: 'Heet' },
    needsReply: 'Wacht op antwoord',
    openInbox: 'Inbox openen',
    noNeedsReply: 'Er wachten geen reacties op antwoord.',
    received: 'Ontvangen {{date}}',
    hottest: 'Populairste kandidaten deze week',
    allByEngagement: 'Alle op betrokkenheid',
    noHottest: 'Geen kandidaatactiviteit in de afgelopen 7 dagen.',
    scoreLabel: 'Score {{score}}%, {{band}}',
    campaignsInProgress: 'Lopende campagnes',
    allCampaigns: 'Alle campagnes',
    noCampaignsInProgress: 'Er is geen campagne gepland of bezig met verzenden.',
    campaignStatuses: { scheduled: 'gepland', sending: 'wordt verstuurd' },
    percentSent: '{{name}}: {{percent}} verstuurd',
    sentOf: '{{sent}} van {{recipients}} verstuurd',
    upcomingMeetings: 'Komende afspraken',
    allMeetings: 'Alle afspraken',
    loadingMeetings: 'Afspraken laden',
    meetingsLoadFailed: 'De afspraken konden niet worden geladen: {{error}}',
    noMeetingsBefore: 'Nog geen afspraken geboekt. ',
    setAvailability: 'Stel je beschikbaarheid in',
    noMeetingsAfter: ' en stuur kandidaten een boekingslink.',
    timesIn: 'Tijden in {{zone}}',
  },
  sentiment: {
    positive: 'Positief', negative: 'Negatief', neutral: 'Neutraal', other: 'Overig', none: 'Geen sentiment',
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
