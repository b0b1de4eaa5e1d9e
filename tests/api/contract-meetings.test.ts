// The meetings part of the API keeps its contract: every endpoint of the booking
// settings and meeting types is called on the real API and database, and its real
// answer parses with the schema the route documents (found through
// documentedRoutes, as /api/openapi.json publishes it), with the documented
// status. Each test makes the data it needs through the API, as a recruiter of its own.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingAnswerSchema, bookingLinkCreatedSchema, bookingLinkListSchema, bookingSettingsAnswerSchema, meetingTypeAnswerSchema, meetingTypeListSchema,
  publicBookingSchema, slotsAnswerSchema, teamMembersSchema,
} from '#domain/meetings/booking-schemas.ts';
import { meetingAnswerSchema, meetingListSchema, rebookAnswerSchema } from '#domain/meetings/meeting-schemas.ts';
import { bookingLinkRoutes, bookingPreviewRoutes, candidateBookingLinkRoutes, meetingRoutes } from '#edge-functions/routes/meetings.ts';
import { publicBookingRoutes } from '#edge-functions/routes/public-booking.ts';
import { newBookableRecruiter, newLink, slotsOf, type BookableRecruiter } from '../support/meeting-data.ts';
import { successSchema } from '#domain/schemas/answers.ts';
import { bookingSettingsRoutes, meetingTypeRoutes } from '#edge-functions/routes/meeting-booking.ts';
import { Contract } from '../support/contract.ts';
import { login, makeUser } from '../support/auth-users.ts';
import { startTestApp, type TestApp, type TestClient } from '../support/harness.ts';

let app: TestApp;
let contract: Contract;
let ip = 0;

beforeAll(async () => {
  app = await startTestApp();
  contract = new Contract(app.api);
});
afterAll(async () => { await app?.close(); });

/** A recruiter with nothing saved yet. */
async function newRecruiter(): Promise<TestClient> {
  const client = app.client({ ip: `10.62.0.${++ip}` });
  const signedIn = await login(client, await makeUser(app));
  expect(signedIn.status, signedIn.text).toBe(200);
  return client;
}

async function newMeetingType(client: TestClient): Promise<number> {
  const created = await client.post('/api/meeting-types', { name: `Contract call ${randomUUID().slice(0, 8)}`, durationMinutes: 30, locationKind: 'teams' });
  return contract.answer('POST /api/meeting-types', created, { schema: meetingTypeAnswerSchema }).meetingType.id;
}

const WEEKDAY_HOURS = [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }];

/** A recruiter who can be booked, a link, and (when `booked`) its meeting. */
async function bookedMeeting(): Promise<{ recruiter: BookableRecruiter; token: string; candidateId: number; meetingId: number; free: string }> {
  const recruiter = await newBookableRecruiter(app, undefined, `10.64.0.${++ip}`);
  const link = await newLink(recruiter);
  const slots = (await slotsOf(recruiter.client, link.token)).slots;
  const booked = await recruiter.client.post(`/api/public/booking/${link.token}`, { start: slots[4].start, name: 'Ann', email: 'ann@example.org' });
  expect(booked.status, booked.text).toBe(201);
  const { rows } = await app.pools.owner.query<{ id: number }>('select id::int from public.meetings where booking_link_id = $1', [link.id]);
  return { recruiter, token: link.token, candidateId: link.candidate.id, meetingId: rows[0].id, free: slots[9].start };
}

/** One test per endpoint, keyed "METHOD /path" as the app registers it. */
const ENDPOINTS: Record<string, () => Promise<void>> = {
  // ---- booking settings ----
  'GET /api/booking-settings': async () => {
    const client = await newRecruiter();
    const answer = contract.answer('GET /api/booking-settings', await client.get('/api/booking-settings'), { schema: bookingSettingsAnswerSchema });
    expect(answer).toMatchObject({ saved: false, calendar: { connected: false } });
  },
  'PUT /api/booking-settings': async () => {
    const client = await newRecruiter();
    await newMeetingType(client);
    const saved = await client.send('PUT', '/api/booking-settings', { body: {
      timeZone: 'Asia/Kolkata', availability: { monday: WEEKDAY_HOURS, friday: [{ start: '09:00', end: '09:20' }] },
      overrides: [{ date: '2026-12-25', ranges: [] }], bufferBeforeMinutes: 5, bufferAfterMinutes: 10, minimumNoticeMinutes: 240,
      horizonDays: 30, slotStepMinutes: 30, maxPerDay: 6,
    } });
    const answer = contract.answer('PUT /api/booking-settings', saved, { schema: bookingSettingsAnswerSchema });
    expect(answer).toMatchObject({ saved: true, settings: { timeZone: 'Asia/Kolkata', maxPerDay: 6 }, warnings: [] });
  },

  // ---- meeting types ----
  'GET /api/meeting-types': async () => {
    const client = await newRecruiter();
    const id = await newMeetingType(client);
    const list = contract.answer('GET /api/meeting-types', await client.get('/api/meeting-types'), { schema: meetingTypeListSchema });
    expect(list.meetingTypes.map((type) => type.id)).toEqual([id]);
  },
  'GET /api/meeting-types/hosts': async () => {
    const client = await newRecruiter();
    const hosts = contract.answer('GET /api/meeting-types/hosts', await client.get('/api/meeting-types/hosts'), { schema: teamMembersSchema });
    expect(hosts.members.length).toBeGreaterThan(0);
  },
  'POST /api/meeting-types': async () => {
    const client = await newRecruiter();
    const created = await client.post('/api/meeting-types', {
      name: 'Phone screen', durationMinutes: 20, locationKind: 'phone', locationDetail: '+31 20 123 4567', colour: 'orange', description: 'A short call',
    });
    expect(contract.answer('POST /api/meeting-types', created, { schema: meetingTypeAnswerSchema })).toMatchObject({
      meetingType: { name: 'Phone screen', locationKind: 'phone', locationDetail: '+31 20 123 4567', colour: 'orange' }, warnings: [],
    });
  },
  'PATCH /api/meeting-types/:id': async () => {
    const client = await newRecruiter();
    const id = await newMeetingType(client);
    const changed = await client.patch(`/api/meeting-types/${id}`, { durationMinutes: 45, colour: 'grape' });
    expect(contract.answer('PATCH /api/meeting-types/:id', changed, { schema: meetingTypeAnswerSchema }).meetingType)
      .toMatchObject({ id, durationMinutes: 45, colour: 'grape' });
  },
  'DELETE /api/meeting-types/:id': async () => {
    const client = await newRecruiter();
    const id = await newMeetingType(client);
    const deleted = await client.delete(`/api/meeting-types/${id}`);
    expect(contract.answer('DELETE /api/meeting-types/:id', deleted, { schema: successSchema })).toEqual({ success: true });
  },
  'GET /api/booking-settings/slots': async () => {
    const recruiter = await newBookableRecruiter(app, undefined, `10.64.0.${++ip}`);
    const answer = await recruiter.client.get(`/api/booking-settings/slots?meetingTypeId=${recruiter.meetingType.id}&timeZone=Asia/Kolkata`);
    expect(contract.answer('GET /api/booking-settings/slots', answer, { schema: slotsAnswerSchema })).toMatchObject({ timeZone: 'Asia/Kolkata' });
  },

  // ---- booking links ----
  'POST /api/booking-links': async () => {
    const recruiter = await newBookableRecruiter(app, undefined, `10.64.0.${++ip}`);
    const candidate = await recruiter.client.post('/api/candidates', { name: 'Contract Candidate', email: `c-${randomUUID()}@example.org` });
    const created = await recruiter.client.post('/api/booking-links', { candidateId: candidate.json.id, expiresInDays: 3 });
    expect(contract.answer('POST /api/booking-links', created, { schema: bookingLinkCreatedSchema, status: 201 }).url).toMatch(/\/book\//);
  },
  'GET /api/candidates/:id/booking-links': async () => {
    const { recruiter, candidateId } = await bookedMeeting();
    const list = await recruiter.client.get(`/api/candidates/${candidateId}/booking-links`);
    expect(contract.answer('GET /api/candidates/:id/booking-links', list, { schema: bookingLinkListSchema }).bookingLinks[0].state).toBe('booked');
  },

  // ---- meetings ----
  'GET /api/meetings': async () => {
    const { recruiter, meetingId } = await bookedMeeting();
    const list = contract.answer('GET /api/meetings', await recruiter.client.get('/api/meetings?status=confirmed'), { schema: meetingListSchema });
    expect(list.meetings.map((m) => m.id)).toEqual([meetingId]);
  },
  'PATCH /api/meetings/:id': async () => {
    const { recruiter, meetingId } = await bookedMeeting();
    const patched = await recruiter.client.patch(`/api/meetings/${meetingId}`, { notes: 'Bring the portfolio' });
    expect(contract.answer('PATCH /api/meetings/:id', patched, { schema: meetingAnswerSchema }).meeting.notes).toBe('Bring the portfolio');
  },
  'POST /api/meetings/:id/cancel': async () => {
    const { recruiter, meetingId } = await bookedMeeting();
    const cancelled = await recruiter.client.post(`/api/meetings/${meetingId}/cancel`, { reason: 'Role filled' });
    expect(contract.answer('POST /api/meetings/:id/cancel', cancelled, { schema: meetingAnswerSchema }).meeting.status).toBe('cancelled');
  },
  'POST /api/meetings/:id/reschedule': async () => {
    const { recruiter, meetingId, free } = await bookedMeeting();
    const moved = await recruiter.client.post(`/api/meetings/${meetingId}/reschedule`, { start: free });
    expect(contract.answer('POST /api/meetings/:id/reschedule', moved, { schema: meetingAnswerSchema }).meeting.start).toBe(free);
  },
  'GET /api/meetings/:id/slots': async () => {
    const { recruiter, meetingId } = await bookedMeeting();
    const slots = await recruiter.client.get(`/api/meetings/${meetingId}/slots`);
    expect(contract.answer('GET /api/meetings/:id/slots', slots, { schema: slotsAnswerSchema }).slots.length).toBeGreaterThan(0);
  },
  'POST /api/meetings/:id/rebook': async () => {
    const { recruiter, meetingId } = await bookedMeeting();
    // The meeting took place (it began an hour ago) and the candidate did not come.
    await app.pools.owner.query(
      `update public.meetings set starts_at = now() - interval '1 hour', ends_at = now() - interval '30 minutes', status = 'no_show' where id = $1`, [meetingId]);
    const rebooked = await recruiter.client.post(`/api/meetings/${meetingId}/rebook`, {});
    expect(contract.answer('POST /api/meetings/:id/rebook', rebooked, { schema: rebookAnswerSchema }).bookingLink.url).toMatch(/\/book\//);
  },
  'POST /api/meetings/:id/teams-retry': async () => {
    const { recruiter, meetingId } = await bookedMeeting();
    await app.pools.owner.query(`update public.meetings set teams_status = 'failed', teams_error = 'Teams link could not be created' where id = $1`, [meetingId]);
    const retried = await recruiter.client.post(`/api/meetings/${meetingId}/teams-retry`);
    expect(contract.answer('POST /api/meetings/:id/teams-retry', retried, { schema: meetingAnswerSchema }).meeting.teams.state).toBe('pending');
  },

  // ---- the public booking page ----
  'GET /api/public/booking/:token': async () => {
    const { token } = await bookedMeeting();
    const page = await app.client({ ip: `10.65.0.${++ip}` }).get(`/api/public/booking/${token}`);
    expect(contract.answer('GET /api/public/booking/:token', page, { schema: publicBookingSchema }).state).toBe('booked');
  },
  'GET /api/public/booking/:token/slots': async () => {
    const { token } = await bookedMeeting();
    const slots = await app.client({ ip: `10.65.0.${++ip}` }).get(`/api/public/booking/${token}/slots?timeZone=America/New_York`);
    expect(contract.answer('GET /api/public/booking/:token/slots', slots, { schema: slotsAnswerSchema }).timeZone).toBe('America/New_York');
  },
  'POST /api/public/booking/:token': async () => {
    const recruiter = await newBookableRecruiter(app, undefined, `10.64.0.${++ip}`);
    const link = await newLink(recruiter);
    const [slot] = (await slotsOf(recruiter.client, link.token)).slots;
    const booked = await app.client({ ip: `10.65.0.${++ip}` }).post(`/api/public/booking/${link.token}`, { start: slot.start, name: 'Bo', email: 'bo@example.org' });
    expect(contract.answer('POST /api/public/booking/:token', booked, { schema: bookingAnswerSchema, status: 201 }).meeting.start).toBe(slot.start);
  },
  'POST /api/public/booking/:token/cancel': async () => {
    const { token } = await bookedMeeting();
    const cancelled = await app.client({ ip: `10.65.0.${++ip}` }).post(`/api/public/booking/${token}/cancel`, { reason: 'Sick' });
    expect(contract.answer('POST /api/public/booking/:token/cancel', cancelled, { schema: bookingAnswerSchema }).meeting.status).toBe('cancelled');
  },
};

/** The endpoints of the meetings route files, as mounted by edge-functions/app.ts. */
const MEETING_ROUTES: Array<[string, { routes: Array<{ method: string; path: string }> }]> = [
  ['/api/booking-settings', bookingSettingsRoutes], ['/api/meeting-types', meetingTypeRoutes], ['/api/booking-settings', bookingPreviewRoutes],
  ['/api/booking-links', bookingLinkRoutes], ['/api/candidates', candidateBookingLinkRoutes], ['/api/meetings', meetingRoutes],
  ['/api/public/booking', publicBookingRoutes],
];

describe('the meetings API answers what it documents', () => {
  it('has a test here for every endpoint of its route files, and each is documented in the app', () => {
    const endpoints = MEETING_ROUTES.flatMap(([mount, routes]) =>
      [...new Set(routes.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path === '/' ? mount : mount + route.path}`))]);
    expect(Object.keys(ENDPOINTS).sort()).toEqual(endpoints.sort());
    for (const endpoint of endpoints) expect(contract.has(endpoint), endpoint).toBe(true);
  });

  for (const [endpoint, test] of Object.entries(ENDPOINTS)) it(endpoint, test);
});
