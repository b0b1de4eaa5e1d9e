// The Teams job against a fake Microsoft Graph over https (tests/support/fake-graph.ts):
// the real Graph client, the real token flow (@azure/identity against the fake's token
// endpoint), the real database. Create with the Teams link, a link that comes late or
// never, Graph's 429, reschedule, cancel, runs repeated and at once, no calendar at all,
// and the busy times with paging and cache.
import { Temporal } from 'temporal-polyfill';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import { startFakeGraph, type FakeGraph } from '../support/fake-graph.ts';
import { until } from '../support/until.ts';
import { uniqueTag } from '../support/test-data.ts';
import { asService } from '#platform/db/request.server.ts';
import { loadConfig } from '#platform/runtime/config.server.ts';
import { bossJobQueue, QUEUES, type JobQueue, type JobRequest } from '#platform/runtime/jobs.server.ts';
import { CalendarError, CalendarRateLimited, TEAMS_LINK_FAILED, TEAMS_NOT_CONFIGURED, type CalendarPort } from '#domain/meetings/calendar-port.ts';
import { createGraphCalendar } from '#domain/meetings/teams.server.ts';
import { getMeeting } from '#domain/meetings/meetings.server.ts';
import { MAX_TEAMS_ATTEMPTS, retryTeams, syncMeetingToOutlook, teamsJobsBehind } from '#domain/meetings/teams-sync.server.ts';
import { testBoss } from '../support/test-boss.ts';
import { registerMeetingTeamsJobs, sweepMeetingTeams } from '#worker/jobs/meeting-teams.ts';

let db: TestDatabase;
/** The meeting as GET /api/meetings/{id} answers it (the same SELECT). */
const answered = (id: number) => asService(db.pools.app, (tx) => getMeeting(tx, id));
let recruiter: { id: string; email: string; name: string };
let graph: FakeGraph;
let calendar: CalendarPort;
const PUBLIC_URL = 'https://talentloop.example';
const ZONE = 'Europe/Amsterdam';

/** A JobQueue that records what it is given (the port the job hands deferred work to). */
function recordingQueue(): JobQueue & { sent: Array<{ queue: string; job: JobRequest }> } {
  const sent: Array<{ queue: string; job: JobRequest }> = [];
  return { sent, send(queue, jobs) { sent.push(...jobs.map((job) => ({ queue, job }))); return Promise.resolve(); } };
}
let jobs: ReturnType<typeof recordingQueue>;
const log: string[] = [];
const run = (meetingId: number, port: CalendarPort | null = calendar) =>
  syncMeetingToOutlook(db.pools, port, meetingId, (line) => log.push(line), { jobs, publicUrl: PUBLIC_URL, linkWaitsMs: [5, 5, 5] });

beforeAll(async () => {
  db = await createTestDatabase();
  const { rows } = await db.pools.owner.query<{ id: string; email: string; display_name: string }>(
    "select id, email::text, display_name from public.profiles where username = 'recruiter'");
  recruiter = { id: rows[0].id, email: rows[0].email, name: rows[0].display_name };
});
afterAll(async () => {
  await db?.drop();
});
// Each test has its own Graph (and so its own calls, events and failures) and its own calendar client.
async function freshGraph() {
  graph = await startFakeGraph();
  calendar = createGraphCalendar(graph.config);
  jobs = recordingQueue();
}
afterEach(async () => {
  await graph?.close();
});

/** Wall time in a zone → the instant (Temporal, never a hand-written offset). */
const instantAt = (wall: string, zone = ZONE) => Temporal.PlainDateTime.from(wall).toZonedDateTime(zone).toInstant().toString();

let day = 0;
/** A weekday 10:00 in Amsterdam no other test of this file uses (the recruiter's meetings may not overlap). */
const freeStart = () => instantAt(Temporal.PlainDate.from('2031-03-03').add({ days: day++ }).toString() + 'T10:00');

interface NewMeeting {
  start?: string;
  minutes?: number;
  kind?: 'teams' | 'phone' | 'in_person';
  detail?: string | null;
  note?: string | null;
  attendee?: { name: string; email: string } | null;
  candidateId?: number | null;
  /** The candidate's language (null: not known). */
  language?: 'english' | 'dutch' | null;
}
async function newMeeting(fields: NewMeeting = {}): Promise<{ id: number; icsUid: string; start: string; end: string; attendee: { name: string; email: string } }> {
  const start = fields.start ?? freeStart();
  const end = new Date(Date.parse(start) + (fields.minutes ?? 30) * 60_000).toISOString();
  const tag = uniqueTag();
  const attendee = fields.attendee === undefined ? { name: `Ada Candidate ${tag}`, email: `ada-${tag}@example.org` } : fields.attendee;
  // The candidate on record (whom Outlook invites): by default the one who booked, as typed.
  let candidateId = fields.candidateId ?? null;
  if (fields.candidateId === undefined && attendee) {
    candidateId = (await asService(db.pools.app, (tx) => tx.query<{ id: number }>(
      'insert into public.candidates (name, email, language) values ($1, $2, $3) returning id::int',
      [attendee.name, attendee.email, fields.language ?? null]))).rows[0].id;
  }
  const { rows } = await asService(db.pools.app, (tx) => tx.query<{ id: number; ics_uid: string }>(
    `insert into public.meetings (recruiter_id, candidate_id, title, starts_at, ends_at, time_zone, location_kind, location_detail,
       attendee_name, attendee_email, candidate_note, teams_status)
     values ($1, $2, 'Intro call', $3, $4, $5, $6, $7, $8, $9, $10, 'pending') returning id::int, ics_uid`,
    [recruiter.id, candidateId, start, end, ZONE, fields.kind ?? 'teams', fields.detail ?? null,
      attendee?.name ?? null, attendee?.email ?? null, fields.note ?? null]));
  return { id: rows[0].id, icsUid: rows[0].ics_uid, start, end, attendee: attendee ?? { name: '', email: '' } };
}
interface TeamsRow {
  status: string; sequence: number; teams_status: string; teams_error: string | null; teams_event_id: string | null;
  teams_join_url: string | null; teams_synced_sequence: number | null; teams_attempts: number; updated_at: Date;
}
const teamsRow = async (id: number) => (await db.pools.owner.query<TeamsRow>(
  `select status, sequence, teams_status, teams_error, teams_event_id, teams_join_url, teams_synced_sequence, teams_attempts, updated_at
     from public.meetings where id = $1`, [id])).rows[0];
/** What the booking flow does on a reschedule and on a cancel: a new sequence, the Teams state pending. */
const reschedule = (id: number, start: string, minutes = 30) => db.pools.owner.query(
  `update public.meetings set starts_at = $2, ends_at = $3, sequence = sequence + 1, status = 'rescheduled', teams_status = 'pending' where id = $1`,
  [id, start, new Date(Date.parse(start) + minutes * 60_000).toISOString()]);
const cancel = (id: number, reason: string | null) => db.pools.owner.query(
  `update public.meetings set status = 'cancelled', sequence = sequence + 1, cancel_reason = $2, cancelled_by = 'candidate',
          cancelled_at = now(), teams_status = 'pending' where id = $1`, [id, reason]);
const creates = () => graph.calls.filter((call) => call.method === 'POST' && /\/events$/.test(call.path));

describe('creating the Outlook event', () => {
  it('creates a Teams event in the recruiter\'s calendar with a real token, wall time in the recruiter\'s zone, and stores id and link', async () => {
    await freshGraph();
    // The Monday after the October change: 09:00 in Amsterdam is CET now, a day earlier it was CEST.
    const monday = await newMeeting({ start: instantAt('2026-10-26T09:00'), note: 'I can only do <30> minutes & no video?' });
    const friday = await newMeeting({ start: instantAt('2026-10-23T09:00') });
    expect(monday.start).toBe(Temporal.ZonedDateTime.from('2026-10-26T09:00[Europe/Amsterdam]').toInstant().toString());
    expect(Date.parse(monday.start) % 86_400_000 - Date.parse(friday.start) % 86_400_000).toBe(3_600_000);

    expect(await run(monday.id)).toBe('created');
    expect(await run(friday.id)).toBe('created');

    // The token came from the fake's Entra endpoint through ClientSecretCredential.
    expect(graph.tokenRequests[0].tenant).toBe('fake-tenant');
    expect(Object.fromEntries(graph.tokenRequests[0].form)).toMatchObject({
      grant_type: 'client_credentials', client_id: 'fake-client', client_secret: 'fake-secret', scope: 'https://graph.microsoft.com/.default',
    });
    const [first, second] = creates();
    expect(first.authorization).toMatch(/^Bearer fake-token-/);
    expect(first.path).toBe(`/users/${recruiter.email}/events`);
    expect(first.body).toMatchObject({
      subject: 'Intro call',
      body: { contentType: 'HTML', content: expect.stringContaining('I can only do &lt;30&gt; minutes &amp; no video?') },
      start: { dateTime: '2026-10-26T09:00:00', timeZone: ZONE },
      end: { dateTime: '2026-10-26T09:30:00', timeZone: ZONE },
      attendees: [{ emailAddress: { address: monday.attendee.email, name: monday.attendee.name }, type: 'required' }],
      location: { displayName: 'Microsoft Teams Meeting' },
      isOnlineMeeting: true,
      onlineMeetingProvider: 'teamsForBusiness',
      transactionId: monday.icsUid,
      allowNewTimeProposals: false,
    });
    // The same wall time on the other side of the change.
    expect(second.body).toMatchObject({ start: { dateTime: '2026-10-23T09:00:00', timeZone: ZONE } });

    const row = await teamsRow(monday.id);
    const event = graph.events.get(row.teams_event_id!)!;
    expect(row).toMatchObject({ teams_status: 'created', teams_error: null, teams_join_url: event.joinUrl, teams_synced_sequence: 0, teams_attempts: 0 });
    expect(row.teams_join_url).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
  });

  it('a phone meeting gets an event without a Teams meeting, and needs no link', async () => {
    await freshGraph();
    const meeting = await newMeeting({ kind: 'phone', detail: '+31 20 123 4567' });
    expect(await run(meeting.id)).toBe('created');
    const [create] = creates();
    expect(create.body).toMatchObject({ location: { displayName: 'Phone: +31 20 123 4567' } });
    expect(create.body).not.toHaveProperty('isOnlineMeeting');
    expect(create.body).not.toHaveProperty('onlineMeetingProvider');
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'created', teams_join_url: null, teams_event_id: expect.any(String) });
  });

  it('invites the candidate on record, never a name and address typed on the booking page; no address, no invitation', async () => {
    await freshGraph();
    const tag = uniqueTag();
    const { rows } = await asService(db.pools.app, (tx) => tx.query<{ id: number }>(
      `insert into public.candidates (name, email) values ($1, $2), ($3, null) returning id::int`,
      [`Cas Candidate ${tag}`, `cas-${tag}@example.org`, `Noa No-Address ${tag}`]));
    const typed = { name: 'Someone Else', email: `someone-else-${tag}@example.org` };
    await run((await newMeeting({ candidateId: rows[0].id, attendee: typed })).id);
    await run((await newMeeting({ candidateId: rows[1].id, attendee: typed })).id);
    const [withAddress, withoutAddress] = creates();
    expect(withAddress.body?.attendees).toEqual([{ emailAddress: { address: `cas-${tag}@example.org`, name: `Cas Candidate ${tag}` }, type: 'required' }]);
    expect(withoutAddress.body?.attendees).toEqual([]);
  });

  it('reads the event again when the join URL comes a moment later', async () => {
    await freshGraph();
    graph.linkAfterReads = 2;
    const meeting = await newMeeting();
    expect(await run(meeting.id)).toBe('created');
    const reads = graph.calls.filter((call) => call.method === 'GET');
    expect(reads).toHaveLength(2);
    expect(reads[0].query).toEqual({ $select: 'id,onlineMeeting' });
    const row = await teamsRow(meeting.id);
    expect(row).toMatchObject({ teams_status: 'created', teams_error: null });
    expect(row.teams_join_url).toBe(graph.events.get(row.teams_event_id!)!.joinUrl);
  });

  it('marks "Teams link could not be created" when the link never comes, keeps the event, and the retry finds it later', async () => {
    await freshGraph();
    graph.linkAfterReads = Infinity;
    const meeting = await newMeeting();
    expect(await run(meeting.id)).toBe('link_failed');
    expect(graph.calls.filter((call) => call.method === 'GET')).toHaveLength(3);
    const failed = await teamsRow(meeting.id);
    expect(failed).toMatchObject({ teams_status: 'failed', teams_error: TEAMS_LINK_FAILED, teams_join_url: null, teams_synced_sequence: 0 });
    expect(TEAMS_LINK_FAILED).toBe('Teams link could not be created');
    // The meeting's answer says it by its code too, which the interface shows in its language (decision 032).
    expect((await answered(meeting.id)).teams).toEqual({ state: 'failed', error: TEAMS_LINK_FAILED, code: 'teams.link_failed' });

    // Teams made the link after all; the recruiter presses retry: the same event is read again, none is made.
    const event = graph.events.get(failed.teams_event_id!)!;
    event.joinUrl = 'https://teams.microsoft.com/l/meetup-join/late';
    event.readsWithoutLink = 0;
    expect(await retryTeams(db.pools, meeting.id)).toBe(0);
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'pending', teams_error: null, teams_attempts: 0 });
    expect((await answered(meeting.id)).teams).toEqual({ state: 'pending' });
    expect(await run(meeting.id)).toBe('up_to_date');
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'created', teams_join_url: 'https://teams.microsoft.com/l/meetup-join/late' });
    expect(creates()).toHaveLength(1);
  });
});

describe('Graph asks to wait, or fails', () => {
  it('429 with Retry-After queues a delayed job and marks nothing failed', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    graph.fail({ method: 'POST', path: /\/events$/ }, { status: 429, retryAfter: '120' });
    const before = Date.now();
    expect(await run(meeting.id)).toBe('rate_limited');
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'pending', teams_error: null, teams_attempts: 0, teams_event_id: null });
    expect(jobs.sent).toHaveLength(1);
    const [{ queue, job }] = jobs.sent;
    expect(queue).toBe(QUEUES.meetingTeams);
    expect(job.data).toEqual({ meetingId: meeting.id });
    expect(job.startAfter!.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect(job.startAfter!.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);

    // The delayed run goes through.
    expect(await run(meeting.id)).toBe('created');
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'created', teams_join_url: expect.any(String) });
  });

  it('a 429 while reading the link keeps the new event id, and the next run only reads again', async () => {
    await freshGraph();
    graph.linkAfterReads = 1;
    const meeting = await newMeeting();
    graph.fail({ method: 'GET' }, { status: 429, retryAfter: '3' });
    expect(await run(meeting.id)).toBe('rate_limited');
    const row = await teamsRow(meeting.id);
    expect(row.teams_event_id).toEqual(expect.any(String));
    expect(row.teams_status).toBe('pending');
    expect(await run(meeting.id)).toBe('up_to_date');
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'created', teams_event_id: row.teams_event_id, teams_join_url: expect.any(String) });
    expect(creates()).toHaveLength(1);
  });

  it('a temporary failure is thrown for pg-boss to retry; the fifth marks the meeting failed with the message', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    graph.fail({ method: 'POST' }, { status: 500, message: 'Mailbox is busy' }, MAX_TEAMS_ATTEMPTS);
    for (let attempt = 1; attempt < MAX_TEAMS_ATTEMPTS; attempt++) {
      await expect(run(meeting.id)).rejects.toThrow('Microsoft Graph 500: Mailbox is busy');
      expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'pending', teams_attempts: attempt, teams_error: null });
    }
    expect(await run(meeting.id)).toBe('failed');
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'failed', teams_error: 'Microsoft Graph 500: Mailbox is busy' });
    // Graph's own words: no code of ours.
    expect((await answered(meeting.id)).teams).toEqual({ state: 'failed', error: 'Microsoft Graph 500: Mailbox is busy' });
    expect(jobs.sent).toHaveLength(0);
  });

  it('a failure that retrying cannot fix (403) marks the meeting failed at once', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    graph.fail({ method: 'POST' }, { status: 403, code: 'ErrorAccessDenied', message: 'Access is denied. Check credentials and try again.' });
    expect(await run(meeting.id)).toBe('failed');
    expect(await teamsRow(meeting.id)).toMatchObject({
      teams_status: 'failed', teams_attempts: 1, teams_error: 'Microsoft Graph 403: Access is denied. Check credentials and try again.',
    });
  });

  it('a wrong client secret fails the run (the token endpoint refuses), without a Graph call', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    const wrong = createGraphCalendar({ ...graph.config, clientSecret: 'not-the-secret' });
    await expect(run(meeting.id, wrong)).rejects.toBeInstanceOf(CalendarError);
    expect(graph.calls).toHaveLength(0);
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_status: 'pending', teams_attempts: 1 });
  });
});

describe('changes to the meeting', () => {
  it('a reschedule PATCHes the same event with start, end and subject only (the body and the Teams meeting stay)', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    await run(meeting.id);
    const { teams_event_id: eventId, teams_join_url: joinUrl } = await teamsRow(meeting.id);
    const later = freeStart();
    await reschedule(meeting.id, later, 45);
    expect(await run(meeting.id)).toBe('moved');

    const patches = graph.calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0].path).toBe(`/users/${recruiter.email}/events/${eventId}`);
    const wall = Temporal.Instant.from(later).toZonedDateTimeISO(ZONE).toPlainDateTime();
    expect(patches[0].body).toEqual({
      start: { dateTime: wall.toString({ smallestUnit: 'second' }), timeZone: ZONE },
      end: { dateTime: wall.add({ minutes: 45 }).toString({ smallestUnit: 'second' }), timeZone: ZONE },
      subject: 'Intro call',
    });
    expect(await teamsRow(meeting.id)).toMatchObject({
      teams_event_id: eventId, teams_join_url: joinUrl, teams_synced_sequence: 1, teams_status: 'created',
    });
    expect(creates()).toHaveLength(1);
    // In sync: another run changes nothing in Outlook.
    expect(await run(meeting.id)).toBe('up_to_date');
    expect(graph.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('a cancel POSTs cancel with the reason; booked again, the meeting gets a new event', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    await run(meeting.id);
    const { teams_event_id: eventId } = await teamsRow(meeting.id);
    await cancel(meeting.id, 'I accepted another offer');
    expect(await run(meeting.id)).toBe('cancelled');
    const cancels = graph.calls.filter((call) => call.path.endsWith('/cancel'));
    expect(cancels).toEqual([expect.objectContaining({ method: 'POST', path: `/users/${recruiter.email}/events/${eventId}/cancel`,
      body: { Comment: 'I accepted another offer' } })]);
    expect(graph.events.get(eventId!)!.cancelled).toBe(true);
    expect(await teamsRow(meeting.id)).toMatchObject({ teams_event_id: null, teams_join_url: null, teams_synced_sequence: 1 });
    expect(await run(meeting.id)).toBe('up_to_date');
    expect(graph.calls.filter((call) => call.path.endsWith('/cancel'))).toHaveLength(1);

    // The same link books again: a new event (a new transactionId, or Graph would answer with the cancelled one).
    await reschedule(meeting.id, freeStart());
    await db.pools.owner.query("update public.meetings set status = 'confirmed' where id = $1", [meeting.id]);
    expect(await run(meeting.id)).toBe('created');
    const row = await teamsRow(meeting.id);
    expect(row.teams_event_id).not.toBe(eventId);
    expect(creates()[1].body?.transactionId).toBe(`${meeting.icsUid}:after:1`);
  });

  it('a cancel without a reason says "Cancelled"', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    await run(meeting.id);
    await cancel(meeting.id, null);
    await run(meeting.id);
    expect(graph.calls.find((call) => call.path.endsWith('/cancel'))?.body).toEqual({ Comment: 'Cancelled' });
  });

  it('speaks the candidate\'s language, which Outlook\'s invitation shows them: a Dutch candidate\'s event and cancel are Dutch', async () => {
    await freshGraph();
    const meeting = await newMeeting({ language: 'dutch', note: 'Graag in de ochtend' });
    expect(await run(meeting.id)).toBe('created');
    const content = String((creates()[0].body as { body: { content: string } }).body.content);
    expect(content).toContain(`Intro call met ${recruiter.name}.`);
    expect(content).toContain(`Opmerking van ${meeting.attendee.name}:`);
    expect(content).not.toMatch(/Note from/);
    await cancel(meeting.id, null);
    await run(meeting.id);
    expect(graph.calls.find((call) => call.path.endsWith('/cancel'))?.body).toEqual({ Comment: 'Geannuleerd' });
  });
});

describe('safe to run twice', () => {
  it('runs at once and one after another make one event', async () => {
    await freshGraph();
    graph.createDelayMs = 300;
    const meeting = await newMeeting();
    const outcomes = await Promise.all([run(meeting.id), run(meeting.id), run(meeting.id)]);
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.every((outcome) => ['created', 'locked', 'up_to_date'].includes(outcome))).toBe(true);
    expect(await run(meeting.id)).toBe('up_to_date');
    expect(creates()).toHaveLength(1);
    expect(graph.events.size).toBe(1);
  });

  it('a run that died after Graph made the event repeats the create with the same transactionId and gets that event', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    // What the dead run sent (its transaction, holding the event id, never committed).
    const lost = await calendar.createEvent(recruiter.email, {
      subject: 'Intro call', bodyHtml: '<p>Intro call</p>', start: meeting.start, end: meeting.end, timeZone: ZONE,
      attendee: meeting.attendee, location: { kind: 'teams', detail: null }, transactionId: meeting.icsUid,
    });
    expect(await run(meeting.id)).toBe('created');
    expect((await teamsRow(meeting.id)).teams_event_id).toBe(lost.eventId);
    expect(graph.events.size).toBe(1);
  });
});

describe('without Microsoft Graph', () => {
  it('marks the meeting "Teams not configured" with what to set', async () => {
    await freshGraph();
    const meeting = await newMeeting();
    expect(await run(meeting.id, null)).toBe('not_configured');
    const row = await teamsRow(meeting.id);
    expect(row).toMatchObject({ teams_status: 'not_configured', teams_error: TEAMS_NOT_CONFIGURED, teams_synced_sequence: 0 });
    expect(row.teams_error).toMatch(/^Teams not configured: set MS_TENANT_ID, MS_CLIENT_ID and MS_CLIENT_SECRET/);
    expect(graph.calls).toHaveLength(0);
  });
});

describe('busy times', () => {
  it('reads calendarView in UTC across pages, keeps busy, out-of-office and tentative, and caches the window', async () => {
    await freshGraph();
    const mailbox = `ada-${uniqueTag()}@talentloop.test`;
    graph.pageSize = 2;
    const at = (wall: string) => instantAt(wall);
    graph.setBusy(mailbox, [
      { start: at('2026-10-24T09:00'), end: at('2026-10-24T10:00'), showAs: 'busy' },
      { start: at('2026-10-25T01:30'), end: at('2026-10-25T03:30'), showAs: 'oof' },
      { start: at('2026-10-26T09:00'), end: at('2026-10-26T09:30'), showAs: 'free' },
      { start: at('2026-10-26T11:00'), end: at('2026-10-26T12:00'), showAs: 'tentative' },
      { start: at('2026-10-27T14:00'), end: at('2026-10-27T15:00'), showAs: 'workingElsewhere' },
    ]);
    const from = at('2026-10-24T00:00');
    const to = at('2026-10-31T00:00');
    const busy = await calendar.busyTimes(mailbox, from, to);
    expect(busy.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()])).toEqual([
      [new Date(at('2026-10-24T09:00')).toISOString(), new Date(at('2026-10-24T10:00')).toISOString()],
      [new Date(at('2026-10-25T01:30')).toISOString(), new Date(at('2026-10-25T03:30')).toISOString()],
      [new Date(at('2026-10-26T11:00')).toISOString(), new Date(at('2026-10-26T12:00')).toISOString()],
    ]);
    expect(graph.calls).toHaveLength(3);
    expect(graph.calls[0]).toMatchObject({
      method: 'GET', path: `/users/${mailbox}/calendarView`, prefer: 'outlook.timezone="UTC"',
      query: { startDateTime: new Date(from).toISOString(), endDateTime: new Date(to).toISOString(), $select: 'start,end,showAs', $top: '500' },
    });
    expect(graph.calls[1].query.$skiptoken).toBe('2');
    expect(graph.calls.every((call) => call.prefer === 'outlook.timezone="UTC"')).toBe(true);

    // The same window again: from the cache, no request. Another window asks Graph.
    expect(await calendar.busyTimes(mailbox, from, to)).toEqual(busy);
    expect(graph.calls).toHaveLength(3);
    await calendar.busyTimes(mailbox, from, at('2026-10-30T00:00'));
    expect(graph.calls).toHaveLength(6);
  });

  it('429 and 503 with Retry-After are CalendarRateLimited; other failures are CalendarError, final for a 4xx', async () => {
    await freshGraph();
    const mailbox = `bo-${uniqueTag()}@talentloop.test`;
    const window = (n: number) => [instantAt(`2026-11-0${n}T00:00`), instantAt(`2026-11-0${n + 1}T00:00`)] as const;
    graph.fail({ path: /calendarView/ }, { status: 429, retryAfter: '17' });
    await expect(calendar.busyTimes(mailbox, ...window(1))).rejects.toSatisfy((e: CalendarRateLimited) =>
      e instanceof CalendarRateLimited && e.retryAfterSeconds === 17);
    // A failure is not cached: the same window asks again.
    expect(await calendar.busyTimes(mailbox, ...window(1))).toEqual([]);
    graph.fail({ path: /calendarView/ }, { status: 503, retryAfter: '5' });
    await expect(calendar.busyTimes(mailbox, ...window(2))).rejects.toSatisfy((e: CalendarRateLimited) =>
      e instanceof CalendarRateLimited && e.retryAfterSeconds === 5);
    graph.fail({ path: /calendarView/ }, { status: 503 });
    await expect(calendar.busyTimes(mailbox, ...window(3))).rejects.toSatisfy((e: CalendarError) =>
      e instanceof CalendarError && !e.permanent);
    graph.fail({ path: /calendarView/ }, { status: 404, code: 'ErrorInvalidUser', message: 'The requested user is invalid.' });
    await expect(calendar.busyTimes(mailbox, ...window(4))).rejects.toSatisfy((e: CalendarError) =>
      e instanceof CalendarError && e.permanent && e.message === 'Microsoft Graph 404: The requested user is invalid.');
  });
});

describe('the worker', () => {
  it('the meeting-teams queue runs the job; the sweep queues a meeting whose job went missing, once', async () => {
    await freshGraph();
    const boss = testBoss(db.ownerUrl);
    await boss.start();
    try {
      const queue = bossJobQueue(boss);
      const deps = {
        pools: db.pools, config: { ...loadConfig(), publicUrl: PUBLIC_URL }, jobs: queue, calendar, log: () => undefined,
        mail: { kind: 'outbox' as const, send: () => Promise.reject(new Error('no mail here')), close: () => Promise.resolve() },
        worker: { id: 'test-worker', holdsClaims: () => true, beatCommitted: () => undefined, working: new Set<number>() },
      };
      await registerMeetingTeamsJobs(boss, deps);

      // A meeting whose job was never queued (the API's enqueue failed), untouched for two minutes.
      const meeting = await newMeeting();
      await db.pools.owner.query(`begin; set local session_replication_role = replica;
        update public.meetings set updated_at = now() - interval '2 minutes' where id = ${meeting.id}; commit`);
      const recent = await newMeeting();
      const behind = await teamsJobsBehind(db.pools);
      expect(behind.map((job) => job.data)).toContainEqual({ meetingId: meeting.id });
      expect(behind.map((job) => job.data)).not.toContainEqual({ meetingId: recent.id });
      // Twice: the same job id, so one job.
      await sweepMeetingTeams(deps);
      await sweepMeetingTeams(deps);
      expect(await boss.findJobs(QUEUES.meetingTeams, { data: { meetingId: meeting.id } })).toHaveLength(1);

      const done = await until(() => teamsRow(meeting.id), (row) => row.teams_status !== 'pending');
      expect(done).toMatchObject({ teams_status: 'created', teams_join_url: expect.any(String), teams_synced_sequence: 0 });
      expect(creates()).toHaveLength(1);
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
