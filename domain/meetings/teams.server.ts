// The recruiters' Outlook calendars through Microsoft Graph (v1.0, application
// permissions): the CalendarPort of ./calendar-port.ts. Events are written in the
// recruiter's zone as wall time (Temporal), with the candidate as attendee and,
// for Teams meetings, isOnlineMeeting + teamsForBusiness: Outlook then sends the
// invitation with the Join link. Busy times come from calendarView, cached briefly.
// Every request is RAW so that the status and Retry-After are read here, not guessed
// from the SDK's error objects.
import { ResponseType, type Client } from '@microsoft/microsoft-graph-client';
import type { TokenCredential } from '@azure/identity';
import { Temporal } from 'temporal-polyfill';
import type { Config } from '../../platform/runtime/config.server.ts';
import { createGraphClient, graphErrorDetail, isPermanentGraphStatus } from '../../platform/graph/graph-client.server.ts';
import { CalendarError, CalendarRateLimited, calendarConfigured, type CalendarEvent, type CalendarEventState, type CalendarPort } from './calendar-port.ts';
import type { BusyInterval } from './slots.ts';

/** How long busy times are reused (the booking page asks for the same week again and again). */
export const BUSY_CACHE_MS = 60_000;
/** When Graph says 429 without Retry-After. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** calendarView's showAs values that make a time unavailable (free and workingElsewhere do not). */
const BUSY_SHOW_AS = new Set(['busy', 'oof', 'tentative']);

interface GraphDateTime { dateTime: string; timeZone: string }
interface GraphEvent { id: string; onlineMeeting?: { joinUrl?: string | null } | null }
interface CalendarViewPage {
  value: Array<{ start: GraphDateTime; end: GraphDateTime; showAs?: string }>;
  '@odata.nextLink'?: string;
}

/** An instant as Graph's dateTimeTimeZone: the wall time in `timeZone` (no offset), to the second. */
export function graphDateTime(instant: string, timeZone: string): GraphDateTime {
  const wall = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDateTime();
  return { dateTime: wall.toString({ smallestUnit: 'second' }), timeZone };
}

/** Graph's dateTimeTimeZone back to a UTC instant ("2026-10-26T08:00:00.0000000", "UTC" → "2026-10-26T08:00:00Z"). */
function instantOf(value: GraphDateTime): string {
  return Temporal.PlainDateTime.from(value.dateTime).toZonedDateTime(value.timeZone || 'UTC').toInstant().toString();
}

function locationName(location: CalendarEvent['location']): string {
  if (location.kind === 'teams') return 'Microsoft Teams Meeting';
  if (location.kind === 'phone') return location.detail ? `Phone: ${location.detail}` : 'Phone';
  return location.detail ?? 'On site';
}

/** Retry-After in seconds (a number or an HTTP date), or null when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

async function failure(response: Response): Promise<Error> {
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  if (response.status === 429 || (response.status === 503 && retryAfter !== null)) {
    return new CalendarRateLimited(retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS);
  }
  const detail = graphErrorDetail(await response.text().catch(() => ''));
  return new CalendarError(`Microsoft Graph ${response.status}: ${detail || response.statusText}`, isPermanentGraphStatus(response.status));
}

const eventState = (event: GraphEvent): CalendarEventState => ({ eventId: event.id, joinUrl: event.onlineMeeting?.joinUrl ?? null });

export function createGraphCalendar(graph: Config['graph'], credential?: TokenCredential): CalendarPort {
  const client: Client = createGraphClient(graph, credential, () => new CalendarError('Microsoft Graph: no access token', false));
  const busyCache = new Map<string, { expires: number; busy: Promise<BusyInterval[]> }>();

  /** One request; the JSON answer (undefined for an empty one), or CalendarRateLimited / CalendarError. */
  async function call<T>(method: 'get' | 'post' | 'patch', path: string, body?: unknown, build?: (request: ReturnType<Client['api']>) => void): Promise<T> {
    let response: Response;
    try {
      const request = client.api(path).responseType(ResponseType.RAW);
      build?.(request);
      response = await (method === 'get' ? request.get() : method === 'post' ? request.post(body ?? {}) : request.patch(body)) as Response;
    } catch (error) {
      if (error instanceof CalendarError || error instanceof CalendarRateLimited) throw error;
      // No answer at all: the network, DNS, or the token endpoint.
      throw new CalendarError(`Microsoft Graph: ${(error as Error).message}`, false, { cause: error });
    }
    if (!response.ok) throw await failure(response);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const events = (mailbox: string) => `/users/${encodeURIComponent(mailbox)}/events`;

  async function loadBusy(mailbox: string, from: string, to: string): Promise<BusyInterval[]> {
    const busy: BusyInterval[] = [];
    let page = await call<CalendarViewPage>('get', `/users/${encodeURIComponent(mailbox)}/calendarView`, undefined, (request) => request
      .query({ startDateTime: from, endDateTime: to }).select(['start', 'end', 'showAs']).top(500)
      .header('Prefer', 'outlook.timezone="UTC"'));
    for (;;) {
      for (const item of page.value) {
        if (BUSY_SHOW_AS.has(item.showAs ?? 'busy')) busy.push({ start: instantOf(item.start), end: instantOf(item.end) });
      }
      const next = page['@odata.nextLink'];
      if (!next) return busy;
      // The next page's address is complete (query and skip token included).
      page = await call<CalendarViewPage>('get', next, undefined, (request) => request.header('Prefer', 'outlook.timezone="UTC"'));
    }
  }

  return {
    async createEvent(mailbox, event) {
      const teams = event.location.kind === 'teams';
      const created = await call<GraphEvent>('post', events(mailbox), {
        subject: event.subject,
        body: { contentType: 'HTML', content: event.bodyHtml },
        start: graphDateTime(event.start, event.timeZone),
        end: graphDateTime(event.end, event.timeZone),
        attendees: [...(event.attendee.email ? [event.attendee] : []), ...(event.coHosts ?? [])]
          .map((person) => ({ emailAddress: { address: person.email, name: person.name }, type: 'required' })),
        location: { displayName: locationName(event.location) },
        ...(teams ? { isOnlineMeeting: true, onlineMeetingProvider: 'teamsForBusiness' } : {}),
        transactionId: event.transactionId,
        allowNewTimeProposals: false,
      });
      return eventState(created);
    },

    async getEvent(mailbox, eventId) {
      return eventState(await call<GraphEvent>('get', `${events(mailbox)}/${encodeURIComponent(eventId)}`, undefined,
        (request) => request.select(['id', 'onlineMeeting'])));
    },

    async moveEvent(mailbox, eventId, change) {
      // Never the body: Teams would drop the online meeting from an event whose body is replaced.
      const moved = await call<GraphEvent>('patch', `${events(mailbox)}/${encodeURIComponent(eventId)}`, {
        start: graphDateTime(change.start, change.timeZone),
        end: graphDateTime(change.end, change.timeZone),
        subject: change.subject,
      });
      return moved?.id ? eventState(moved) : { eventId, joinUrl: null };
    },

    async cancelEvent(mailbox, eventId, comment) {
      await call('post', `${events(mailbox)}/${encodeURIComponent(eventId)}/cancel`, { Comment: comment });
    },

    async busyTimes(mailbox, from, to) {
      const start = new Date(from).toISOString();
      const end = new Date(to).toISOString();
      const key = `${mailbox.toLowerCase()}|${start}|${end}`;
      const now = Date.now();
      const cached = busyCache.get(key);
      if (cached && cached.expires > now) return cached.busy;
      for (const [other, entry] of busyCache) if (entry.expires <= now) busyCache.delete(other);
      const busy = loadBusy(mailbox, start, end);
      busyCache.set(key, { expires: now + BUSY_CACHE_MS, busy });
      // A failure is not remembered: the next call asks Graph again.
      busy.catch(() => { if (busyCache.get(key)?.busy === busy) busyCache.delete(key); });
      return busy;
    },
  };
}

/** The recruiters' calendars when Graph is configured (MS_TENANT_ID, MS_CLIENT_ID, MS_CLIENT_SECRET), else null. */
export function createCalendarPort(config: Pick<Config, 'graph'>): CalendarPort | null {
  return calendarConfigured(config.graph) ? createGraphCalendar(config.graph) : null;
}
