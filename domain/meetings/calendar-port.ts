// The port to the recruiter's Outlook calendar (Microsoft Graph, application
// permissions): events with a Teams meeting, and busy times for the slots.
// The Graph client is domain/meetings/teams.ts; without Graph configured there
// is no calendar (null) and meetings say "Teams not configured".
import type { Config } from '../../platform/runtime/config.server.ts';
import type { LocationKind } from './booking-schemas.ts';
import type { BusyInterval } from './slots.ts';
import { englishState } from '../i18n/english.ts';

export interface CalendarEvent {
  subject: string;
  /** HTML: what the meeting is about, the candidate's note, the booking page's links. */
  bodyHtml: string;
  /** Instants (ISO 8601, UTC). */
  start: string;
  end: string;
  /** The recruiter's IANA zone: the event is written in it, so Outlook shows it on their clock. */
  timeZone: string;
  attendee: { name: string; email: string };
  /** A collective meeting's other hosts: invited to the owner's event, so it stands in their calendars too (decision 041). */
  coHosts?: Array<{ name: string; email: string }>;
  location: { kind: LocationKind; detail: string | null };
  /** Graph's transactionId: a repeated create with the same id makes no second event. */
  transactionId: string;
}

export interface CalendarEventState {
  eventId: string;
  /** onlineMeeting.joinUrl; null while Teams has not made it (yet). */
  joinUrl: string | null;
}

export interface CalendarPort {
  /** POST /users/{mailbox}/events with isOnlineMeeting and the Teams provider. */
  createEvent(mailbox: string, event: CalendarEvent): Promise<CalendarEventState>;
  /** GET the event again (the join URL can arrive a moment later). */
  getEvent(mailbox: string, eventId: string): Promise<CalendarEventState>;
  /** PATCH start/end (and subject): the body and the online meeting stay as they are. */
  moveEvent(mailbox: string, eventId: string, change: Pick<CalendarEvent, 'start' | 'end' | 'timeZone' | 'subject'>): Promise<CalendarEventState>;
  /** POST .../cancel with the comment (the attendee gets Outlook's cancellation). */
  cancelEvent(mailbox: string, eventId: string, comment: string): Promise<void>;
  /** The mailbox's busy times between two instants (calendarView), briefly cached. */
  busyTimes(mailbox: string, from: string, to: string): Promise<BusyInterval[]>;
}

/** Graph answered 429 (or 503) with Retry-After: try again after that many seconds. */
export class CalendarRateLimited extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = `Microsoft Graph asked to wait ${retryAfterSeconds} s`) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Any other Graph failure; `permanent` when retrying cannot help (a 4xx other than 401/408/429). */
export class CalendarError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.permanent = permanent;
  }
}

/** Calendars need the app registration, not a mailbox (events go to each recruiter's own calendar). */
export function calendarConfigured(graph: Config['graph']): boolean {
  return Boolean(graph.tenantId && graph.clientId && graph.clientSecret);
}

/**
 * What the recruiter sees on a meeting when Graph is not configured: what to set (the catalogue's
 * states.teams.not_configured, which holds states.teamsSetup: README, .env.example and decision 015 say more).
 */
export const TEAMS_NOT_CONFIGURED = englishState('teams.not_configured');

/** What the recruiter sees when the join link could not be made (states.teams.link_failed). */
export const TEAMS_LINK_FAILED = englishState('teams.link_failed');
